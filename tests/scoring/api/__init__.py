"""REST API v1 end to end through HTTP: the contract of shared/API.md, one module per
resource.

Every field, status code and permission of the contract is checked here; the rules
themselves (RULES.md) are checked hand by hand in tests/scoring/engine/.
"""
