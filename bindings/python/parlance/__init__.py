# SPDX-License-Identifier: MIT
"""parlance for Python: exact document requests for agents.

ctypes over the C library's binding layer: every result is the library's
own JSON (the CLI prints the same strings), parsed into dicts and lists.
Offsets ("start"/"end") count code points, so they index Python strings
as they are: doc[s["start"]:s["end"]].

The shared library is the one bundled in the wheel, else $PARLANCE_LIB,
else an installed libparlance (make install).
"""
import ctypes
import ctypes.util
import datetime
import json
import os
import threading

__all__ = ["infer", "infer_json", "is_retrieval_request", "split", "answer", "profile", "dialect",
           "verb", "describe", "Document", "ParlanceError", "version", "grammar_id"]

# Flags of runtime/parlance.h (part of the API, not generated numbers).
_JSON_CHARS = 0x100
_JSON_NO_SENTENCES = 0x400
_ANSWER_SUBSTRING = 1


class ParlanceError(ValueError):
    """A value the library refuses (a configuration), with its reason."""


def _load():
    here = os.path.dirname(os.path.abspath(__file__))
    names = [os.path.join(here, f) for f in sorted(os.listdir(here)) if f.startswith("libparlance.so")]
    if os.environ.get("PARLANCE_LIB"):
        names.insert(0, os.environ["PARLANCE_LIB"])
    found = ctypes.util.find_library("parlance")
    if found:
        names.append(found)
    for name in names:
        try:
            return ctypes.CDLL(name)
        except OSError:
            continue
    raise ImportError("parlance: no libparlance found (bundled, $PARLANCE_LIB or installed)")


_lib = _load()
_p, _n = ctypes.c_char_p, ctypes.c_size_t
_v = ctypes.c_void_p
_SIGNATURES = {
    "parl_infer_json": ([_p, _n, _p, _n], _n),
    "parl_is_retrieval_request": ([_p, _n], ctypes.c_bool),
    "parl_split_json": ([_p, _n, ctypes.c_uint, _p, _n], _n),
    "parl_doc_size": ([_p, _n], _n),
    "parl_doc_init": ([_v, _n, _p, _n, _p], _v),
    "parl_analyze_json": ([_v, ctypes.c_uint, _p, _n], _n),
    "parl_answer_json": ([_v, _p, _n, ctypes.c_uint, _p, _n], _n),
    "parl_dialect_config_size": ([], _n),
    "parl_config_from_json": ([_v, _p, _n, _p, _n], ctypes.c_int),
    "parl_dialect_result_size": ([], _n),
    "parl_dialect_json": ([_v, _p, _n, _v, _p, _n], _n),
    "parl_verb_json": ([_v, _p, _n, _p, _n], _n),
    "parl_describe_work_size": ([], _n),
    "parl_describe_json": ([_v, _n, _p, _n], _n),
    "parl_version": ([], _p),
    "parl_grammar_id": ([], _p),
}
for _name, (_args, _res) in _SIGNATURES.items():
    _f = getattr(_lib, _name)
    _f.argtypes, _f.restype = _args, _res

version = _lib.parl_version().decode()
grammar_id = _lib.parl_grammar_id().decode()

_local = threading.local()


def _out(size=4096):
    """This thread's output buffer, at least SIZE bytes."""
    buf = getattr(_local, "out", None)
    if buf is None or len(buf) < size:
        buf = _local.out = ctypes.create_string_buffer(max(size, 4096))
    return buf


def _json_text(write):
    """Runs WRITE(out, cap) (a parl_*_json writer returning the length it
    needs) until the JSON fits; returns it as a str."""
    buf = _out()
    n = write(buf, len(buf))
    if n >= len(buf):
        buf = _out(n + 1)
        n = write(buf, len(buf))
    return buf.raw[:n].decode("utf-8")


def _utf8(text, what):
    if not isinstance(text, str):
        raise TypeError(f"parlance: {what} must be a str")
    # A lone surrogate becomes '?': one code point for one, so offsets hold.
    return text.encode("utf-8", "replace")


def infer_json(request):
    """The intent of a retrieval request, as the library's JSON text."""
    b = _utf8(request, "request")
    return _json_text(lambda out, cap: _lib.parl_infer_json(b, len(b), out, cap))


def infer(request):
    """The intent of a retrieval request: {"mode": ..., "unit": ..., "count": ...}."""
    return json.loads(infer_json(request))


def is_retrieval_request(message):
    """Could this message be a request about a document (an action's validate gate)?"""
    b = _utf8(message, "message")
    return bool(_lib.parl_is_retrieval_request(b, len(b)))


def split(doc):
    """The sentences of DOC; doc[s["start"]:s["end"]] is each one's text."""
    b = _utf8(doc, "doc")
    return json.loads(_json_text(lambda out, cap: _lib.parl_split_json(b, len(b), _JSON_CHARS, out, cap)))


class Document:
    """A text analysed once, for many answers and its profile."""

    def __init__(self, text, analyzed_at=None):
        b = _utf8(text, "text")
        self.text = text
        self._text = ctypes.create_string_buffer(b, len(b) + 1)   # kept alive with the block
        size = _lib.parl_doc_size(self._text, len(b))
        self._mem = ctypes.create_string_buffer(size)
        if analyzed_at is None:   # when the text was analysed (the library has no clock)
            now = datetime.datetime.now(datetime.timezone.utc)
            analyzed_at = now.isoformat(timespec="milliseconds").replace("+00:00", "Z")
        at = _utf8(analyzed_at, "analyzed_at")
        self._doc = _lib.parl_doc_init(self._mem, size, self._text, len(b), at)
        if not self._doc:
            raise MemoryError("parlance: the document's block is too small")

    def answer(self, request, substring=False):
        """{"intent": ..., "answer": "...", "spans": [{"start", "end", "line"}]}."""
        b = _utf8(request, "request")
        flags = _JSON_CHARS | (_ANSWER_SUBSTRING if substring else 0)
        return json.loads(_json_text(lambda out, cap: _lib.parl_answer_json(self._doc, b, len(b), flags, out, cap)))

    def profile(self, sentences=True):
        """The document profile (the seed's camelCase keys)."""
        flags = _JSON_CHARS | (0 if sentences else _JSON_NO_SENTENCES)
        return json.loads(_json_text(lambda out, cap: _lib.parl_analyze_json(self._doc, flags, out, cap)))


_last = {}


def _document(doc, analyzed_at=None):
    """The last document analysed, kept for the next call about the same text
    (and the same analyzed_at, when one is given)."""
    key = (doc, analyzed_at)
    d = _last.get("doc")
    if d is None or _last.get("key") != key:
        d = _last["doc"] = Document(doc, analyzed_at)
        _last["key"] = key
    return d


def answer(doc, request, substring=False):
    """Answers REQUEST from the document's text, quoting it verbatim."""
    return _document(doc).answer(request, substring)


def profile(doc, analyzed_at=None, sentences=True):
    """The profile of a document: counts, paragraphs, sentences, first/last lines..."""
    return _document(doc, analyzed_at).profile(sentences)


_configs = {}


def _config(config):
    if config is None:
        return None
    key = config if isinstance(config, str) else json.dumps(config)
    cfg = _configs.get(key)
    if cfg is None:
        b = key.encode("utf-8")
        cfg = ctypes.create_string_buffer(_lib.parl_dialect_config_size())
        err = ctypes.create_string_buffer(256)
        if _lib.parl_config_from_json(cfg, b, len(b), err, len(err)):
            raise ParlanceError("parlance: " + err.value.decode("utf-8", "replace"))
        if len(_configs) >= 16:
            _configs.clear()
        _configs[key] = cfg
    return cfg


def dialect(message, config=None):
    """The actions of an agent's message: {"execute": [...], "skipped": [...]}.
    CONFIG: a host's verbs and aliases ({"verbs": {...}}, or its JSON text)."""
    b = _utf8(message, "message")
    cfg = _config(config)
    work = getattr(_local, "dialect", None)
    if work is None:
        work = _local.dialect = ctypes.create_string_buffer(_lib.parl_dialect_result_size())
    return json.loads(_json_text(lambda out, cap: _lib.parl_dialect_json(cfg, b, len(b), work, out, cap)))


def verb(word, config=None):
    """How one verb word matches: {"input", "verb", "tier", "distance", ...}."""
    b = _utf8(word, "word")
    cfg = _config(config)
    return json.loads(_json_text(lambda out, cap: _lib.parl_verb_json(cfg, b, len(b), out, cap)))


def describe():
    """The agent guidance: name, description, similes, examples, system prompt..."""
    size = _lib.parl_describe_work_size()
    work = ctypes.create_string_buffer(size)
    return json.loads(_json_text(lambda out, cap: _lib.parl_describe_json(work, size, out, cap)))
