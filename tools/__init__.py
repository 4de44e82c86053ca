"""Developer tools: benchmarks, corpus generators, the analysis and the demo (not shipped in the wheel)."""
