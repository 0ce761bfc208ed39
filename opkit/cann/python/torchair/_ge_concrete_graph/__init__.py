"""torchair._ge_concrete_graph: the modules torchair's own converters and generated GE op APIs import from."""
