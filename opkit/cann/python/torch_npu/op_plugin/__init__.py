"""torch_npu.op_plugin: where newer torch_npu keeps the Meta registrations of its ops."""
