"""The scenario schema (pydantic models), the defensive YAML reader, the resource budget
and the reference page generated from the schema."""
