"""torchair.core: what scripts import from it (`torchair.core.utils.logger`)."""
