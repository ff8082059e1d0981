// What makes the site a phone app, on every page (base.html loads this first):
// - the phone's own sentences in the page's language (self.pitchclubWords: gettext,
//   ngettext, pgettext over the catalogue of <html lang>, served per language by
//   pitchclub/phone_words.py and kept by the service worker for offline use);
// - the service worker (served at /sw.js so it covers the whole site): pages you
//   opened and the site's own files stay on the phone for when the network is gone.
//   Browsers without service workers (or on plain http away from localhost) just go on.
(() => {
  // -- the phone's words -----------------------------------------------------------
  // English is the source: a sentence the catalogue doesn't have (or before it has
  // come, or with no catalogue at all) is said in English. `{name}` in a sentence is
  // filled from `values`; ngettext fills `{count}` with the count.
  const language = (document.documentElement.lang || "en").toLowerCase();
  const WORDS_URL = `/phone-words/${encodeURIComponent(language)}.json`;
  let catalog = {};
  let plural = null;
  const fill = (text, values) =>
    values
      ? text.replace(/\{(\w+)\}/g, (whole, name) =>
          values[name] === undefined || values[name] === null ? whole : String(values[name]),
        )
      : text;
  const pluralForm = (n) => {
    if (!plural) return n === 1 ? 0 : 1;
    const k = Math.abs(Math.trunc(n));
    return plural[k < plural.length ? k : 100 + (k % 100)];
  };
  const lookup = (key, english) => {
    const text = catalog[key];
    return typeof text === "string" && text ? text : english;
  };
  const words = {
    language,
    url: WORDS_URL,
    gettext: (text, values) => fill(lookup(text, text), values),
    pgettext: (context, text, values) => fill(lookup(`${context}\u0004${text}`, text), values),
    ngettext: (singular, many, count, values) => {
      const forms = catalog[singular];
      const english = count === 1 ? singular : many;
      const text = Array.isArray(forms) && forms[pluralForm(count)] ? forms[pluralForm(count)] : english;
      return fill(text, { count, ...values });
    },
    // Resolves when the catalogue is in (true) or will not come (false; an English
    // page needs none): the scripts may then say again what they said before it.
    ready: null,
  };
  words.ready =
    language === "en"
      ? Promise.resolve(false)
      : fetch(WORDS_URL, { credentials: "same-origin" })
          .then((response) => (response.ok ? response.json() : null))
          .then((data) => {
            if (!data || typeof data.catalog !== "object") return false;
            catalog = data.catalog;
            plural = Array.isArray(data.plural) ? data.plural : null;
            return true;
          })
          .catch(() => false);
  self.pitchclubWords = words;

  // -- the service worker ----------------------------------------------------------
  if (!("serviceWorker" in navigator)) return;
  const register = () => {
    if (!navigator.onLine) {
      // Without network the worker's script can't be fetched: register once it's back.
      window.addEventListener("online", register, { once: true });
      return;
    }
    navigator.serviceWorker
      .register("/sw.js", { scope: "/" })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        // The first page opened came before the worker: it keeps this page's words
        // now, so that the phone offline speaks them from the next page on.
        if (registration.active) registration.active.postMessage({ type: "keep-words", url: WORDS_URL });
      })
      .catch(() => {
        // Not available here (private mode, storage turned off): the site works without.
      });
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });

  // Signing out forgets the pages kept on the phone: they may show a private club's
  // games to whoever uses the phone next. (Hands not sent yet stay: they are sent
  // when a scorekeeper of that game opens it again.)
  document.addEventListener("submit", (event) => {
    const form = event.target;
    const worker = navigator.serviceWorker.controller;
    if (worker && form instanceof HTMLFormElement && /\/logout\/?$/.test(form.action)) {
      worker.postMessage({ type: "forget-pages" });
    }
  });
})();
