"""The Bot API 10.0 spec (methods and types) and checking a request's parameters against it.

Parameters arrive as JSON, as form fields or as multipart parts. Form values are strings: a field is
read according to its declared type (``Integer`` from digits, ``Boolean`` from true/false, objects and
arrays from a JSON string), as Telegram does. Inside JSON-serialized objects values must have their
declared JSON types. Unknown parameters and unknown object fields are rejected (Telegram ignores
them; a fake that rejects them catches misspelt parameters).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

__all__ = ["ApiError", "Spec", "Upload", "load_spec"]

SPEC_PATH = Path(__file__).with_name("telegram-bot-api-10.0.json")
_INT_RE = re.compile(r"^-?\d+$")
_FLOAT_RE = re.compile(r"^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$")
_BOOLS = {"true": True, "false": False, "1": True, "0": False}


class ApiError(Exception):
    """An error response: HTTP status = error_code, Telegram's description and optional parameters."""

    def __init__(self, code: int, description: str, parameters: dict[str, Any] | None = None) -> None:
        super().__init__(description)
        self.code = code
        self.description = description
        self.parameters = parameters

    def body(self) -> dict[str, Any]:
        out: dict[str, Any] = {"ok": False, "error_code": self.code, "description": self.description}
        if self.parameters:
            out["parameters"] = self.parameters
        return out


def bad(message: str) -> ApiError:
    return ApiError(400, f"Bad Request: {message}")


@dataclass(frozen=True)
class Upload:
    """A file part of a multipart request."""

    field: str
    filename: str
    content_type: str
    content: bytes


class Spec:
    def __init__(self, data: dict[str, Any]) -> None:
        self.version: str = data["version"]
        self.methods: dict[str, dict[str, Any]] = data["methods"]
        self.types: dict[str, dict[str, Any]] = data["types"]
        self._lower = {name.lower(): name for name in self.methods}

    def method_name(self, name: str) -> str:
        """The canonical spelling of a method name (Telegram matches names case-insensitively)."""
        try:
            return self._lower[name.lower()]
        except KeyError:
            raise ApiError(404, "Not Found") from None

    def fields(self, method: str) -> list[dict[str, Any]]:
        return list(self.methods[method].get("fields", []))

    def returns(self, method: str) -> list[str]:
        return list(self.methods[method].get("returns", []))

    def reaction_emoji(self) -> frozenset[str]:
        """The emoji a reaction may be, as ReactionTypeEmoji's description lists them."""
        field = next(f for f in self.types["ReactionTypeEmoji"]["fields"] if f["name"] == "emoji")
        return frozenset(re.findall(r'"([^"]+)"', field["description"]))

    def check_call(self, method: str, params: dict[str, Any], uploads: dict[str, Upload]) -> dict[str, Any]:
        """Parameters converted to their declared types; ApiError(400) when the call breaks the spec."""
        fields = {f["name"]: f for f in self.fields(method)}
        for name in params:
            if name not in fields:
                raise bad(f'unknown parameter "{name}" for method {method}')
        out: dict[str, Any] = {}
        for name, field in fields.items():
            if name in params:
                value = params[name]
            elif name in uploads:
                value = uploads[name]
            else:
                if field["required"]:
                    raise bad(f'parameter "{name}" is required')
                continue
            out[name] = self._convert(value, field["types"], name, uploads, top=True)
        return out

    # -- conversion -----------------------------------------------------------------------------------

    def _convert(self, value: Any, types: list[str], path: str, uploads: dict[str, Upload], top: bool) -> Any:
        errors: list[tuple[int, ApiError]] = []
        for t in _ordered(types, value):
            try:
                return self._one(value, t, path, uploads, top)
            except ApiError as exc:
                errors.append((self._overlap(t, value), exc))
        # Report the error of the type the value most resembles (an inline keyboard, not a reply one).
        return_error = max(errors, key=lambda e: e[0]) if errors else (0, bad(f'field "{path}" is invalid'))
        raise return_error[1]

    def _overlap(self, t: str, value: Any) -> int:
        if not isinstance(value, dict) or t not in self.types:
            return 0
        names = {f["name"] for f in self.types[t].get("fields", [])}
        for sub in self.types[t].get("subtypes", []):
            names |= {f["name"] for f in self.types[sub].get("fields", [])}
        return len(set(value) & names)

    def _one(self, value: Any, t: str, path: str, uploads: dict[str, Upload], top: bool) -> Any:
        if t.startswith("Array of "):
            if isinstance(value, str):
                value = _json(value, path)
            if not isinstance(value, list):
                raise bad(f'field "{path}" must be an Array')
            inner = t[len("Array of ") :]
            return [self._convert(v, [inner], f"{path}[{i}]", uploads, False) for i, v in enumerate(value)]
        if t == "Integer":
            if isinstance(value, bool):
                raise bad(f'field "{path}" must be an Integer')
            if isinstance(value, int):
                return value
            if top and isinstance(value, str) and _INT_RE.match(value.strip()):
                return int(value)
            raise bad(f'field "{path}" must be an Integer')
        if t == "Float":
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                return float(value)
            if top and isinstance(value, str) and _FLOAT_RE.match(value.strip()):
                return float(value)
            raise bad(f'field "{path}" must be a Float')
        if t == "Boolean":
            if isinstance(value, bool):
                return value
            if top and isinstance(value, str) and value.strip().lower() in _BOOLS:
                return _BOOLS[value.strip().lower()]
            raise bad(f'field "{path}" must be a Boolean')
        if t == "String":
            if isinstance(value, str):
                return value
            raise bad(f'field "{path}" must be a String')
        if t == "InputFile":
            if isinstance(value, Upload):
                return value
            if isinstance(value, str) and value.startswith("attach://"):
                name = value[len("attach://") :]
                if name in uploads:
                    return uploads[name]
                raise bad(f'file "{name}" referenced by "{path}" was not uploaded')
            raise bad(f'field "{path}" must be an uploaded file')
        if t in self.types:
            if isinstance(value, str):
                value = _json(value, path)
            return self.check_object(t, value, path, uploads)
        raise bad(f'field "{path}" has unsupported type {t}')

    def check_object(self, type_name: str, value: Any, path: str, uploads: dict[str, Upload] | None = None) -> Any:
        uploads = uploads or {}
        spec = self.types[type_name]
        if spec.get("subtypes"):
            errors: list[tuple[int, ApiError]] = []
            for sub in spec["subtypes"]:
                try:
                    return self.check_object(sub, value, path, uploads)
                except ApiError as exc:
                    keys = set(value) if isinstance(value, dict) else set()
                    overlap = len(keys & {f["name"] for f in self.types[sub].get("fields", [])})
                    errors.append((overlap, exc))
            raise max(errors, key=lambda e: e[0])[1]
        if not isinstance(value, dict):
            raise bad(f'can\'t parse {type_name} in "{path}": an object expected')
        fields = {f["name"]: f for f in spec.get("fields", [])}
        for key in value:
            if key not in fields:
                raise bad(f'can\'t parse {type_name} in "{path}": unknown field "{key}"')
        out: dict[str, Any] = {}
        for name, field in fields.items():
            if name not in value:
                if field["required"]:
                    raise bad(f'can\'t parse {type_name} in "{path}": field "{name}" is required')
                continue
            out[name] = self._convert(value[name], field["types"], f"{path}.{name}", uploads, False)
        return out

    # -- building well-formed results --------------------------------------------------------------------

    def fill(self, type_name: str, given: dict[str, Any]) -> dict[str, Any]:
        """``given`` completed with neutral values for every required field it lacks."""
        spec = self.types[type_name]
        if spec.get("subtypes"):
            return dict(given)
        out = dict(given)
        for field in spec.get("fields", []):
            if field["required"] and field["name"] not in out:
                out[field["name"]] = self._neutral(field["types"][0])
        return out

    def _neutral(self, t: str) -> Any:
        if t.startswith("Array of "):
            return []
        if t in ("Integer", "Float"):
            return 0
        if t == "Boolean":
            return False
        if t == "String":
            return ""
        if t in self.types:
            return self.fill(t, {})
        return None


def _ordered(types: list[str], value: Any) -> list[str]:
    # A form value "123" for Integer-or-String fields (chat_id) is the integer, as Telegram reads it.
    if not isinstance(value, str):
        return types
    if value.startswith("attach://") and "InputFile" in types:
        return ["InputFile", *[t for t in types if t != "InputFile"]]
    if "String" in types and (value.startswith("@") or not _INT_RE.match(value.strip())):
        return ["String", *[t for t in types if t != "String"]]
    return types


def _json(raw: str, path: str) -> Any:
    try:
        return json.loads(raw)
    except ValueError:
        raise bad(f'can\'t parse JSON in field "{path}"') from None


@cache
def load_spec(path: Path = SPEC_PATH) -> Spec:
    return Spec(json.loads(path.read_text(encoding="utf-8")))
