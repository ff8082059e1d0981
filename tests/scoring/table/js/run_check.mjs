// Runs the phone's check of a hand (static/js/offline/score.js: handOfFields,
// checkHand, sentence) over a batch of hands read as JSON on stdin, and writes what
// it refuses ({field, text} or null) as JSON on stdout, for
// tests/scoring/table/test_offline_check.py. Loaded as run_score.mjs loads the module.
import { readFileSync } from "node:fs";

const [, , modulePath] = process.argv;
const source = readFileSync(modulePath, "utf8");
const score = await import(
  `data:text/javascript;base64,${Buffer.from(source).toString("base64")}`
);

const input = JSON.parse(readFileSync(0, "utf8"));
const output = input.cases.map(({ game, number, fields }) => {
  const data = input.games[game];
  const hand = score.handOfFields(data.rules, new URLSearchParams(fields), { allPass: true });
  if (hand === null) return { unparsed: true };
  const refusal = score.checkHand(data.rules, number, hand);
  return refusal ? { field: refusal.field, text: score.sentence(data, refusal) } : null;
});
process.stdout.write(JSON.stringify(output));
