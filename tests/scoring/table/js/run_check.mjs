// Runs the phone's check of a hand (static/js/offline/score.js: handOfFields;
// static/js/offline/refusals.js, beside it: checkHand, sentence) over a batch of
// hands read as JSON on stdin, and writes what it refuses ({field, text} or null) as
// JSON on stdout, for tests/scoring/table/test_offline_check.py.
//
// The modules are loaded by their file URLs (refusals.js imports ./score.js, which a
// data: URL could not resolve); node takes them as ES modules by their syntax.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [, , modulePath] = process.argv;
const score = await import(pathToFileURL(modulePath).href);
const refusals = await import(new URL("./refusals.js", pathToFileURL(modulePath)).href);

const input = JSON.parse(readFileSync(0, "utf8"));
const output = input.cases.map(({ game, number, fields }) => {
  const data = input.games[game];
  const hand = score.handOfFields(data.rules, new URLSearchParams(fields), { allPass: true });
  if (hand === null) return { unparsed: true };
  const refusal = refusals.checkHand(data.rules, number, hand);
  return refusal ? { field: refusal.field, text: refusals.sentence(data, refusal) } : null;
});
process.stdout.write(JSON.stringify(output));
