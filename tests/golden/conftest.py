"""The trees under tests/golden/ are expected generator output, not tests of opkit: never collect them."""
collect_ignore_glob = ["*"]
