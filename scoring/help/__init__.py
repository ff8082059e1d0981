"""How to score: a short page of the rules per variant (RULES.md), in each language."""
