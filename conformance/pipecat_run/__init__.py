"""Text-only runner that drives Pipecat's own Flows code with a scripted mock LLM.

See run_flow.py for the entry point and README.md for what it records.
"""
