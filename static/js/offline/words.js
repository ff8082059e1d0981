// The phone's words for the offline modules: gettext, ngettext and pgettext of
// pwa.js (self.pitchclubWords: the catalogue of the page's language), looked up at
// each call; in English where pwa.js is not on the page. `{name}` is filled from
// `values`; ngettext fills `{count}` with the count.
const fill = (text, values) =>
  values ? text.replace(/\{(\w+)\}/g, (whole, name) => (values[name] ?? whole).toString()) : text;
const words = () => self.pitchclubWords;

export const gettext = (text, values) => (words() ? words().gettext(text, values) : fill(text, values));

export const ngettext = (singular, plural, count, values) =>
  words()
    ? words().ngettext(singular, plural, count, values)
    : fill(count === 1 ? singular : plural, { count, ...values });

export const pgettext = (context, text, values) =>
  words() ? words().pgettext(context, text, values) : fill(text, values);

// Resolves once the catalogue is in (or will not come): what was said before it
// came can be said again.
export const wordsReady = () => (words() ? words().ready : Promise.resolve(false));
