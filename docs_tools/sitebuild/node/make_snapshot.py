"""Run in Pyodide by make_snapshot.mjs, just before it takes the memory snapshot."""

import gc


def settle() -> None:
    """Nothing left for the collector: the snapshot keeps only what rollkit holds."""
    gc.collect()
