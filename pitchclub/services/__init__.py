"""The core's writes, by what they serve: clubs and their members' roles
(``clubs``), invites and joining by code (``invites``), the roster's players:
guests, renames and merges (``players``); ``fields`` cleans what people type or
refuses it. Refusals are the core's own ``pitchclub.refusals.Refusal``: code,
field, reason and params; the sentences are ``pitchclub.messages``'s."""
