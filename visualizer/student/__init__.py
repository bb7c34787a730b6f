"""Your own algorithm: a student's generator or solver, run on a recording façade over the
maze (`facade`), within limits (`limits`, `run`), animated like the project's own through
the registry record `adapter` makes, and checked with located feedback (`check`,
`fingerprints`, `uniform`); `grade` checks a folder of submissions, each in its own
process."""
