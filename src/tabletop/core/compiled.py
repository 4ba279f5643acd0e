"""What every compiled kernel shares: the switch to Numba, and the driver's random streams on arrays.

A game may add a kernel that plays many games at once on plain arrays (its ``playout.py``),
compiled by Numba when the ``fast`` extra is installed (``pip install tabletop[fast]``).
Without Numba nothing changes but the speed: :data:`COMPILED` is false,
:meth:`Game.random_playout` gives ``None`` and the readable rules play every game.
Kernel code is written once, for Numba, and :func:`kernel` leaves it plain Python where Numba
is missing (the tests load it so, with planted mutations: :func:`tabletop.testing.differential.uncompiled_copy`).

A kernel plays exactly the games of :func:`tabletop.core.play.run` because it draws from the
same streams (:class:`tabletop.core.play.Streams`), here on arrays of unsigned integers:

* a game's base key is ``mix64(seed)`` and a stream's key ``mix64(base ^ name_key)``
  (:func:`mix64` is SplitMix64's output function, the same bits as :func:`tabletop.core.play.mix64`);
* a stream is CPython's Mersenne Twister seeded with that key (:func:`seed_stream`: ``init_by_array``
  on the key's 32-bit words, as ``random.Random(key)`` does) and read 53 bits at a time
  (:func:`draw`: ``genrand_res53``, the same float as ``random.Random.random()``);
* a stream lives in one row of a ``uint32`` array: 624 words of state and its position.

>>> import random
>>> import numpy as np
>>> rows = np.zeros((1, STREAM_WORDS), np.uint32)
>>> seed_stream(rows[0], 2**40 + 7)
>>> mine = random.Random(2**40 + 7)
>>> [draw(rows[0]) for _ in range(3)] == [mine.random() for _ in range(3)]
True
"""

from __future__ import annotations

import hashlib
import importlib
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar, cast

import numpy as np

F = TypeVar("F", bound=Callable[..., Any])

#: Set TABLETOP_NO_NUMBA=1 to run as if Numba were not installed (the fallback's tests do).
_REFUSED = os.environ.get("TABLETOP_NO_NUMBA", "") not in ("", "0")

numba: Any  # the module, or None (imported by name: Numba has no type hints)
try:
    if _REFUSED:
        raise ImportError("TABLETOP_NO_NUMBA is set")
    numba = importlib.import_module("numba")
    COMPILED = True
except ImportError:
    numba = None
    COMPILED = False


def kernel_sources_digest() -> str:
    """A hash of every kernel module's source in the installed package (``core/compiled.py``, ``core/standings.py``,
    ``core/batch.py``, ``core/learner.py``, ``core/seeding.py`` and each game's ``kernel*.py``, ``playout.py``,
    ``learning.py``).

    Numba's disk cache checks only the timestamp of the file a compiled function is in, not of the functions
    it calls from other modules: a kernel compiled before a change to one of those would be loaded unchanged
    (it happened: ``standings_end`` gained a column and a game's cached playout kept writing the old ones).
    So the cache lives in a directory named by this hash, and any change to any kernel compiles afresh.
    """
    root = Path(__file__).resolve().parents[1]
    files = sorted([root / "core" / "compiled.py", root / "core" / "standings.py", root / "core" / "batch.py",
                    root / "core" / "learner.py", root / "core" / "seeding.py",
                    *root.glob("games/*/kernel*.py"), *root.glob("games/*/playout.py"),
                    *root.glob("games/*/learning.py")])  # fmt: skip
    digest = hashlib.blake2b(digest_size=8)
    for path in files:
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


if numba is not None and not os.environ.get("NUMBA_CACHE_DIR"):  # the user's own choice is kept
    _cache_home = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    numba.config.CACHE_DIR = str(_cache_home / "tabletop" / "numba" / kernel_sources_digest())


def kernel(function: F) -> F:
    """Compile ``function`` with Numba (no Python objects, cached on disk) where Numba is installed;
    otherwise leave it as it is."""
    if numba is None:
        return function
    return cast(F, numba.njit(cache=True, nogil=True, error_model="numpy")(function))


def uncounted_kernel(function: F) -> F:
    """:func:`kernel` with Numba's runtime (NRT) off: no reference counted anywhere in ``function``.

    For the small rule functions a whole-game kernel calls many times an action, and the streams' draws: they take
    the position row, the tables and buffers that their caller holds, allocate nothing and return no array. Even on
    borrowed arrays (:func:`borrowed`) each call of a counted function calls ``NRT_incref``/``NRT_decref`` to test a
    null pointer (8% of the slowest game's kernel in issue 27's perf profile), and those calls keep LLVM from
    inlining the small functions. Python calls it as any kernel (arrays, numbers and the tables' view). Plain Python
    (no Numba) gets ``function``."""
    if numba is None:
        return function
    return cast(F, numba.njit(cache=True, nogil=True, error_model="numpy", _nrt=False)(function))


def borrowed(array: Any) -> Any:
    """``array`` itself, not reference-counted by the compiled code that reads it: for the arrays a whole-game
    kernel hands down to every rule function (the position row, the streams, the buffers), which its caller keeps
    alive for the whole call.

    Numba counts references to an array at each call that passes it, atomically (``NRT_incref``/``NRT_decref``):
    in the kernel of a game of many small rule functions the counting took half the time (perf, issue 27). A
    borrowed array has no owner to count (its ``meminfo`` is null), so the counting costs a test of a null pointer.
    It must not outlive the array it borrows from, and it is never returned to Python. Plain Python (no Numba) gets
    ``array``.
    """
    return array


if numba is not None:
    _extending: Any = importlib.import_module("numba.extending")
    _cgutils: Any = importlib.import_module("numba.core.cgutils")

    @_extending.intrinsic  # type: ignore[untyped-decorator]
    def _uncounted(typingctx: Any, array: Any) -> Any:
        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            view = context.make_array(array)(context, builder, value=args[0])
            view.meminfo = _cgutils.get_null_value(view.meminfo.type)
            view.parent = _cgutils.get_null_value(view.parent.type)
            return view._getvalue()

        return array(array), codegen

    @_extending.overload(borrowed)  # type: ignore[untyped-decorator]
    def _borrowed(array: Any) -> Any:
        def uncounted(array: Any) -> Any:  # the typing signature's own, annotations included
            return _uncounted(array)

        return uncounted


_STRUCTS: dict[type, Any] = {}
#: the kind of tables (their NamedTuple class) of each structure class and Numba type that struct_of made
_KINDS: dict[type, type] = {}


def tables_kind(tables: Any) -> type:
    """The kind (``NamedTuple`` class) of a kernel's tables, given the tables, their structure
    (:func:`struct_of`) or the structure's Numba type (what a typing function sees)."""
    return _KINDS.get(type(tables), type(tables))


def struct_of(tables: Any) -> Any:
    """A kernel's tables (a ``NamedTuple`` of arrays and numbers) as one Numba structure, passed to
    kernels by reference; the ``NamedTuple`` itself where Numba is missing.

    Compiled functions taking a large tuple by value compile several times slower (every call
    passes every field); a structure is one pointer, and its kernels are cached on disk alike.
    Each kind of tables (each game's) gets a Numba type of its own: Numba boxes one Python class
    per type, so two games' tables in one process need two types. The type is kept as a global
    of this module under a name made from the kind's (:func:`_type_name`), so the on-disk cache can
    name it, and a cache that names another game's type finds it too (:func:`__getattr__`).
    """
    if numba is None:
        return tables
    return _proxy(type(tables))(*tables)


def _type_name(kind: type) -> str:
    """The name of the Numba type of the tables ``kind``: its module and class, dots written ``__``."""
    return "_" + (kind.__module__ + "." + kind.__qualname__).replace(".", "__") + "__Type"


def _proxy(kind: type) -> Any:
    """The structure class of the tables ``kind``, made (with its Numba type) the first time."""
    proxy = _STRUCTS.get(kind)
    if proxy is None:
        structref = importlib.import_module("numba.experimental.structref")
        name = _type_name(kind)
        typeclass = type(name, (_TablesType,), {"__module__": __name__, "__qualname__": name})
        structref.register(typeclass)
        globals()[name] = typeclass
        viewname = name[: -len("Type")] + "View"
        viewclass = type(viewname, (_TablesView,), {"__module__": __name__, "__qualname__": viewname})
        _extending.register_model(viewclass)(_ViewModel)
        globals()[viewname] = _VIEWS[typeclass] = viewclass
        proxy = type(kind.__name__ + "Struct", (_TablesProxy,), {"__module__": kind.__module__})
        structref.define_proxy(proxy, typeclass, list(kind._fields))  # type: ignore[attr-defined]
        _STRUCTS[kind] = proxy
        _KINDS[typeclass] = _KINDS[viewclass] = _KINDS[proxy] = kind
    return proxy


def __getattr__(name: str) -> Any:
    """The Numba type of a kind of tables not made yet in this process, by its name (:func:`_type_name`), or the
    type of its view (the same name ending ``__View``).

    A shared kernel (a learner's loop) is compiled once per game and its on-disk cache lists every game's:
    reading it names the types of games this process has not loaded.
    """
    if numba is not None and name.startswith("_") and name.endswith(("__Type", "__View")):
        path = name[1 : -len("__Type")].split("__")
        for cut in range(len(path) - 1, 0, -1):
            try:
                module = importlib.import_module(".".join(path[:cut]))
            except ImportError:
                continue
            kind = module
            for part in path[cut:]:
                kind = getattr(kind, part)
            _proxy(cast(type, kind))
            return globals()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


if numba is not None:
    _types: Any = importlib.import_module("numba.core.types")

    class _TablesType(_types.StructRef):  # type: ignore[misc]
        """The Numba type of a kernel's tables (one subclass per kind, :func:`struct_of`): the fields' types as
        given, literals widened."""

        def preprocess_fields(self, fields: Any) -> Any:
            return tuple((name, _types.unliteral(kind)) for name, kind in fields)

    _structref: Any = importlib.import_module("numba.experimental.structref")
    _imputils: Any = importlib.import_module("numba.core.imputils")
    _templates: Any = importlib.import_module("numba.core.typing.templates")
    _models: Any = importlib.import_module("numba.core.datamodel.models")
    #: the view class of each structure's Numba type class
    _VIEWS: dict[type, Any] = {}

    class _TablesView(_types.Type):  # type: ignore[misc]
        """What kernels take for a kernel's tables: the structure's fields read through a plain pointer (one
        subclass per kind, made with the structure's type by :func:`_proxy`).

        A structure (``StructRef``) is reference-counted, atomically, at every call of a function that takes it;
        in a kernel of many small rule functions that counting took a quarter of a game's time (perf, issue
        27). The tables outlive every kernel call (the caller's :class:`~tabletop.core.batch.BatchPlayout` or
        learner holds the structure), so the kernels read them through its data pointer, uncounted. The fields
        are the structure's, with the same types."""

        def __init__(self, struct: Any) -> None:
            self.struct = struct
            super().__init__(name=f"{type(self).__name__}[{struct.name}]")

    class _ViewModel(_models.StructModel):  # type: ignore[misc]
        def __init__(self, dmm: Any, fe_type: Any) -> None:
            super().__init__(dmm, fe_type, [("data", _types.voidptr)])

    class _TablesProxy(_structref.StructRefProxy):  # type: ignore[misc]
        """A structure of tables, which a compiled kernel receives as its view (:class:`_TablesView`)."""

        @property
        def _numba_type_(self) -> Any:
            return _VIEWS[type(self._type)](self._type)

        @property
        def _data_address(self) -> int:
            """Where the structure's fields are (its view's pointer)."""
            return int(self._meminfo.data)

    @_extending.unbox(_TablesView)  # type: ignore[untyped-decorator]
    def _unbox_view(typ: Any, obj: Any, c: Any) -> Any:
        """The structure's data pointer, from its address as Python gives it: no runtime call, so a kernel compiled
        without the runtime (:func:`uncounted_kernel`) takes the view from Python too. The Python object keeps the
        structure alive through the call."""
        address_object = c.pyapi.object_getattr_string(obj, "_data_address")
        address = c.unbox(_types.uintp, address_object)
        c.pyapi.decref(address_object)
        view = _cgutils.create_struct_proxy(typ)(c.context, c.builder)
        view.data = c.builder.inttoptr(address.value, _cgutils.voidptr_t)
        return _extending.NativeValue(view._getvalue(), is_error=address.is_error)

    @_templates.infer_getattr
    class _ViewFields(_templates.AttributeTemplate):  # type: ignore[misc]
        key = _TablesView

        def generic_resolve(self, typ: Any, attr: str) -> Any:
            return typ.struct.field_dict.get(attr)

    @_imputils.lower_getattr_generic(_TablesView)  # type: ignore[untyped-decorator]
    def _view_field(context: Any, builder: Any, typ: Any, value: Any, attr: str) -> Any:
        view = _cgutils.create_struct_proxy(typ)(context, builder, value=value)
        payload_type = typ.struct.get_data_type()
        model = context.data_model_manager[payload_type]
        pointer = builder.bitcast(view.data, model.get_value_type().as_pointer())
        payload = _cgutils.create_struct_proxy(payload_type)(context, builder, ref=pointer)
        return _imputils.impl_ret_borrowed(context, builder, typ.struct.field_dict[attr], getattr(payload, attr))


# -- SplitMix64 (core.play.mix64) on unsigned 64-bit integers ------------------------------------
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_S27, _S30, _S31 = np.uint64(27), np.uint64(30), np.uint64(31)


@uncounted_kernel
def mix64(value: np.uint64) -> np.uint64:
    """SplitMix64's output function: :func:`tabletop.core.play.mix64` on a ``uint64``."""
    z = np.uint64(value) + _GOLDEN
    z = (z ^ (z >> _S30)) * _MIX1
    z = (z ^ (z >> _S27)) * _MIX2
    return z ^ (z >> _S31)


# -- Mersenne Twister MT19937, as CPython's random module runs it ---------------------------------
N = 624
_M = 397
#: a stream's row: 624 words of state, then the index of the next word
STREAM_WORDS = N + 1
_MASK32 = np.uint64(0xFFFFFFFF)
_UPPER = np.uint64(0x80000000)
_LOWER = np.uint64(0x7FFFFFFF)
_MATRIX_A = np.uint64(0x9908B0DF)
_ONE = np.uint64(1)
_ZERO = np.uint64(0)
_S5, _S6, _S7, _S11, _S15, _S18, _S32 = (np.uint64(s) for s in (5, 6, 7, 11, 15, 18, 32))
_TEMPER_B = np.uint64(0x9D2C5680)
_TEMPER_C = np.uint64(0xEFC60000)


def _init_genrand(seed: int) -> np.ndarray[Any, np.dtype[np.uint32]]:
    """MT19937's ``init_genrand(seed)``: every stream starts from ``init_genrand(19650218)``."""
    mt = [seed]
    for i in range(1, N):
        mt.append((1812433253 * (mt[-1] ^ (mt[-1] >> 30)) + i) & 0xFFFFFFFF)
    return np.array(mt, np.uint32)


_START = _init_genrand(19650218)


@uncounted_kernel
def seed_stream(row: Any, key: Any) -> None:
    """``random.Random(key)`` for a key below 2**64: ``init_genrand(19650218)`` (the same for every key,
    worked out once), then ``init_by_array`` on the key's 32-bit words, lowest first (one word for a
    key below 2**32, as CPython counts them)."""
    key = np.uint64(key)
    words = 2 if key >> _S32 else 1
    low, high = key & _MASK32, key >> _S32
    mt = row
    for k in range(N):  # a loop: an array's slice assigned from another may be copied first, which needs the runtime
        mt[k] = _START[k]
    i = 1
    j = 0  # the key's word of this round: round k % words (counted, not divided: a division a round cost ~1 us)
    prev = np.uint64(mt[0])
    for _ in range(N):  # max(N, words) rounds
        word = low if j == 0 else high
        prev = ((np.uint64(mt[i]) ^ ((prev ^ (prev >> _S30)) * np.uint64(1664525))) + word + np.uint64(j)) & _MASK32
        mt[i] = np.uint32(prev)
        i += 1
        j = 0 if j + 1 == words else j + 1
        if i >= N:
            mt[0] = mt[N - 1]
            i = 1
    for _ in range(N - 1):
        prev = ((np.uint64(mt[i]) ^ ((prev ^ (prev >> _S30)) * np.uint64(1566083941))) - np.uint64(i)) & _MASK32
        mt[i] = np.uint32(prev)
        i += 1
        if i >= N:
            mt[0] = mt[N - 1]
            i = 1
    mt[0] = np.uint32(0x80000000)
    row[N] = np.uint32(N)  # the state is used up: the first draw twists it


@uncounted_kernel
def _twist(mt: Any) -> None:
    for k in range(N - _M):
        _twist_one(mt, k, k + 1, k + _M)
    for k in range(N - _M, N - 1):
        _twist_one(mt, k, k + 1, k + _M - N)
    _twist_one(mt, N - 1, 0, _M - 1)


@uncounted_kernel
def _twist_one(mt: Any, k: int, following: int, far: int) -> None:
    y = (np.uint64(mt[k]) & _UPPER) | (np.uint64(mt[following]) & _LOWER)
    value = np.uint64(mt[far]) ^ (y >> _ONE)
    if y & _ONE:
        value ^= _MATRIX_A
    mt[k] = np.uint32(value)


@uncounted_kernel
def _word(row: Any) -> np.uint64:
    """The next 32 tempered bits (``genrand_uint32``)."""
    index = int(row[N])
    if index >= N:
        _twist(row)
        index = 0
    y = np.uint64(row[index])
    row[N] = np.uint32(index + 1)
    y ^= y >> _S11
    y ^= (y << _S7) & _TEMPER_B
    y ^= (y << _S15) & _TEMPER_C
    y ^= y >> _S18
    return y & _MASK32


@uncounted_kernel
def draw(row: Any) -> float:
    """The stream's next ``random()``: 53 random bits in [0, 1) (``genrand_res53``)."""
    a = float(_word(row) >> _S5)
    b = float(_word(row) >> _S6)
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)


@uncounted_kernel
def open_stream(row: Any, seed: Any, name_key: Any) -> None:
    """Seed ``row`` as the stream ``name_key`` of the game of ``seed`` (``Streams``: the Mersenne Twister
    seeded with ``mix64(mix64(seed) ^ name_key)``)."""
    seed_stream(row, mix64(mix64(np.uint64(seed)) ^ np.uint64(name_key)))


@uncounted_kernel
def pick(row: Any, count: int) -> int:
    """A uniform choice among ``count`` (``RandomAgent``: ``min(int(u * count), count - 1)``)."""
    index = int(draw(row) * count)
    return index if index < count else count - 1


def seat_keys(players: int) -> np.ndarray[Any, np.dtype[np.uint64]]:
    """Each seat's stream name key (:func:`tabletop.core.play.seat_key`), as ``uint64``."""
    from tabletop.core.play import seat_key

    return np.array([seat_key(seat) for seat in range(players)], np.uint64)


def chance_key(name: str = "chance") -> np.uint64:
    """The name key of a kind of chance node's stream (:func:`tabletop.core.play.stream_name_key`)."""
    from tabletop.core.play import stream_name_key

    return np.uint64(stream_name_key(name))
