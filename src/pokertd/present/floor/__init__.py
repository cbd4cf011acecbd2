"""The floor's rulings for people: their explanations and steps rendered in a language, their
JSON, and the floor assistant's forms (``pokertd.present.floor.assistant``)."""

from pokertd.present.floor.render import (
    describe,
    explanation,
    ruling_dict,
    step_code,
    step_text,
    text,
)

__all__ = ["describe", "explanation", "ruling_dict", "step_code", "step_text", "text"]
