"""The REST API's shared tooling: the exception handler, strict fields, pagination,
the JSON parser, the schema class and the request-level permission checks. Every
app's API views use these."""
