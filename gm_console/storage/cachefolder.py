"""The cache folder's rules, for every cache file (snapshots, the last screen of a fight).

A cache file is something read from disk, so it is believed only when it proves it is ours
(issue 23): the folder must be this user's and closed to everybody else (0700: made so when
it is ours, not used otherwise), nothing in it is reached through a symbolic link, and each
file carries a keyed checksum (HMAC-BLAKE2b) made with a secret of this user's (``KEY``, 32
random bytes in a 0600 file in the folder), checked before a byte of it is read as data.

Standard library only, and nothing costly at import: the last screen of a fight is painted
from here before the rest of the program is loaded (``gm_console.glimpse``).
"""

from __future__ import annotations

import os
import stat
import sys
import zlib

APP = "gm-console"  # the folders' name under the user's cache, settings and data folders
KEY = "key"
KEY_BYTES = 32
_DIR_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_NOFOLLOW", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)


def cache_root() -> str:
    """The user's cache folder for gm-console: ``GM_CONSOLE_CACHE_DIR``, else platformdirs'."""
    return _user_folder("GM_CONSOLE_CACHE_DIR", "XDG_CACHE_HOME", "~/.cache", "user_cache_dir")


def config_root() -> str:
    """The user's settings folder (keymap.toml): ``GM_CONSOLE_CONFIG_DIR``, else platformdirs'."""
    return _user_folder("GM_CONSOLE_CONFIG_DIR", "XDG_CONFIG_HOME", "~/.config", "user_config_dir")


def _user_folder(override_var: str, xdg_var: str, home_default: str, platformdirs_name: str) -> str:
    """On Linux platformdirs' rule (the XDG base directories) is read here without importing
    it (20 ms of the start; tests/test_cache_folder.py holds the two to the same answer)."""
    override = os.environ.get(override_var)
    if override:
        return override
    if sys.platform.startswith("linux"):
        base = os.environ.get(xdg_var, "")
        if not base.strip():
            base = os.path.expanduser(home_default)
        return os.path.join(base, APP)
    import platformdirs

    return getattr(platformdirs, platformdirs_name)(APP, appauthor=False)


def name_for(save: os.PathLike | str, suffix: str) -> str:
    """A cache file's name for a save, from the save's real path (two checksums of it: two
    saves that shared a name would only take turns at the file; the digest tells them apart)."""
    real = os.path.realpath(save).encode("utf-8", "surrogateescape")
    return f"{zlib.crc32(real):08x}{zlib.adler32(real):08x}{suffix}"


def mac(key: bytes, body: bytes | memoryview) -> str:
    import hmac  # here: an open without a cache file never loads OpenSSL's module

    return hmac.new(key, body, "blake2b").hexdigest()


class Folder:
    """A cache folder, opened once as a directory descriptor that was checked: every file in
    it is then reached relative to that descriptor and never through a link, so a folder
    swapped or linked away after the check is not the one used."""

    def __init__(self, fd: int) -> None:
        self.fd = fd

    def __enter__(self) -> "Folder":
        return self

    def __exit__(self, *exc: object) -> None:
        os.close(self.fd)

    def read(self, name: str, limit: int) -> bytes | None:
        """A regular file of ours, closed to others, at most ``limit`` bytes; else None."""
        try:
            fd = os.open(name, os.O_RDONLY | _NOFOLLOW, dir_fd=self.fd)
        except OSError:
            return None
        try:
            st = os.fstat(fd)
            if not private(st, stat.S_ISREG) or st.st_size > limit:
                return None
            with os.fdopen(os.dup(fd), "rb") as f:  # its size, not the limit: read(n) sets n bytes aside first
                return f.read(st.st_size + 1)
        finally:
            os.close(fd)

    def write(self, name: str, data: bytes) -> None:
        """A new file of ours (0600) with ``data``, put in place in one rename."""
        tmp = f".{name}.{os.getpid()}.tmp"
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, 0o600, dir_fd=self.fd)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.replace(tmp, name, src_dir_fd=self.fd, dst_dir_fd=self.fd)
        except BaseException:
            try:
                os.unlink(tmp, dir_fd=self.fd)
            except OSError:
                pass
            raise

    def remove(self, name: str) -> None:
        try:
            os.unlink(name, dir_fd=self.fd)
        except OSError:
            pass

    def key(self, make: bool) -> bytes | None:
        """This user's secret that signs the cache files; made (``make``) when there is none."""
        key = self.read(KEY, KEY_BYTES)
        if key is not None:
            return key if len(key) == KEY_BYTES else None
        if not make:
            return None
        try:
            fd = os.open(KEY, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, 0o600, dir_fd=self.fd)
        except FileExistsError:  # another gm-console made it just now
            key = self.read(KEY, KEY_BYTES)
            return key if key is not None and len(key) == KEY_BYTES else None
        secret = os.urandom(KEY_BYTES)
        with os.fdopen(fd, "wb") as f:
            f.write(secret)
        return secret

    def names(self, suffixes: tuple[str, ...]) -> list[tuple[float, str]]:
        """(modification time, name) of the files whose names end with one of ``suffixes``."""
        out = []
        with os.scandir(self.fd) as it:
            for entry in it:
                if entry.name.endswith(suffixes):
                    try:
                        out.append((entry.stat(follow_symlinks=False).st_mtime, entry.name))
                    except OSError:
                        pass
        return out


def read_signed(path: str, name: str, limit: int) -> tuple[bytes, int] | None:
    """The file ``name`` of the cache folder at ``path`` and where its body starts, if the
    folder and the file are ours and its first line is the keyed checksum of the rest made
    with this user's key; None otherwise (nothing of the body has been looked at then)."""
    dir_ = open_folder(path, make=False)
    if dir_ is None:
        return None
    with dir_:
        secret = dir_.key(make=False)
        data = dir_.read(name, limit) if secret is not None else None
    if secret is None or data is None:
        return None
    end = data.find(b"\n")
    import hmac

    if end < 0 or not hmac.compare_digest(data[:end], mac(secret, memoryview(data)[end + 1:]).encode("ascii")):
        return None  # not written by this user's gm-console, or changed since
    return data, end + 1


def write_signed(path: str, name: str, body: bytes, keep: int, stale: tuple[str, ...] = ()) -> bool:
    """``body`` as the file ``name`` (its keyed checksum first), put in place in one rename;
    then the newest ``keep`` files of its kind (its suffix) stay and older ones go, with any
    whose name ends with one of ``stale``. False when the folder is not ours (nothing written)."""
    dir_ = open_folder(path, make=True)
    if dir_ is None:
        return False
    with dir_:
        secret = dir_.key(make=True)
        if secret is None:
            return False
        dir_.write(name, mac(secret, body).encode("ascii") + b"\n" + body)
        suffix = os.path.splitext(name)[1]
        try:
            files = sorted(dir_.names((suffix, *stale)), reverse=True)
        except OSError:
            return True
        kept = 0
        for _mtime, other in files:
            if other.endswith(suffix) and kept < keep:
                kept += 1
                continue
            dir_.remove(other)
    return True


def private(st: os.stat_result, kind: object) -> bool:
    return kind(st.st_mode) and st.st_uid == os.getuid() and not st.st_mode & 0o077


def open_folder(path: os.PathLike | str, make: bool) -> Folder | None:
    """The folder at ``path`` if it is this user's and closed to everybody else (a folder of
    ours that is open to others is closed first); None when it is not, or is not there."""
    if make:
        try:
            os.makedirs(path, mode=0o700, exist_ok=True)
        except OSError:
            return None
    try:
        fd = os.open(path, _DIR_FLAGS)
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode) and st.st_uid == os.getuid() and st.st_mode & 0o077:
            os.fchmod(fd, 0o700)  # ours, but open to others: closed (a file system may not let us)
            st = os.fstat(fd)
        if private(st, stat.S_ISDIR):
            return Folder(fd)
    except OSError:
        pass
    os.close(fd)
    return None
