"""The REST API's shared tooling: the exception handler, strict fields, pagination,
the JSON parser and the schema class. Every app's API views use these."""
