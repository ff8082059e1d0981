// Runs the phone's words (static/js/pwa.js: self.pitchclubWords) for a page in the
// language given, with the catalogue the server answered (JSON on stdin), and writes
// what it says as JSON on stdout, for tests/i18n/test_phone.py. No browser: the page's
// <html lang>, fetch and navigator are stand-ins.
import { readFileSync } from "node:fs";
import vm from "node:vm";

const [, , pwaPath, language] = process.argv;
const { catalogue, say } = JSON.parse(readFileSync(0, "utf8"));
const asked = [];
const context = {
  document: { documentElement: { lang: language }, readyState: "loading" },
  navigator: {},
  window: { addEventListener: () => {} },
  fetch: async (url) => {
    asked.push(url);
    return { ok: true, json: async () => catalogue };
  },
  Promise,
  console,
};
context.self = context;
vm.runInNewContext(readFileSync(pwaPath, "utf8"), context);
const words = context.pitchclubWords;
const loaded = await words.ready;
const said = say.map(([kind, ...args]) => words[kind](...args));
process.stdout.write(JSON.stringify({ asked, loaded, language: words.language, said }));
