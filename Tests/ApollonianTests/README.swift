// Tests for this target live in this folder.
