"""A headless Chromium driven over the DevTools protocol, for the served players' view.

Small on purpose: launch Chromium with a fresh profile and no network but 127.0.0.1, open
one page, read what its terminal shows (the xterm.js screen buffer the page draws from),
type keys into it. The websocket client is aiohttp's (textual-serve needs it anyway).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import aiohttp

FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run",
         "--no-default-browser-check", "--disable-extensions", "--disable-sync", "--mute-audio",
         "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1", "--window-size=1200,800")

#: keeps a reference to the page's xterm.js terminal when the page creates it (the first
#: object assigned to a ``terminal`` property that has a screen buffer), so its screen can be read
CAPTURE = """
(() => {
  Object.defineProperty(Object.prototype, 'terminal', {
    configurable: true,
    get() { return undefined; },
    set(value) {
      Object.defineProperty(this, 'terminal', {value, writable: true, configurable: true, enumerable: true});
      if (!window.__gmTerm && value && value.buffer && value.buffer.active) { window.__gmTerm = value; }
    },
  });
})();
"""

SCREEN = """
(() => {
  const t = window.__gmTerm;
  if (!t) { return null; }
  const b = t.buffer.active, out = [];
  for (let y = 0; y < t.rows; y++) {
    const line = b.getLine(b.viewportY + y);
    out.push(line ? line.translateToString(true) : '');
  }
  return out.join('\\n');
})()
"""


def chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


class Browser:
    def __init__(self, binary: str, wait: float = 20.0) -> None:
        self.binary = binary
        self.wait = wait
        self.profile = Path(tempfile.mkdtemp(prefix="gm-chromium-"))
        self.proc: subprocess.Popen | None = None
        self.ws = None
        self.http: aiohttp.ClientSession | None = None
        self.session_id: str | None = None
        self._ids = itertools.count(1)

    async def __aenter__(self) -> "Browser":
        self.proc = subprocess.Popen([self.binary, *FLAGS, f"--user-data-dir={self.profile}",
                                      "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0",
                                      "about:blank"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        url = await asyncio.to_thread(self._devtools_url)
        self.http = aiohttp.ClientSession()
        self.ws = await self.http.ws_connect(url, max_msg_size=0)
        target = await self.send("Target.createTarget", url="about:blank")
        attached = await self.send("Target.attachToTarget", targetId=target["targetId"], flatten=True)
        self.session_id = attached["sessionId"]
        await self.send("Page.enable")
        await self.send("Runtime.enable")
        await self.send("Page.addScriptToEvaluateOnNewDocument", source=CAPTURE)
        return self

    def _devtools_url(self) -> str:
        assert self.proc is not None and self.proc.stderr is not None
        deadline = time.monotonic() + self.wait
        while time.monotonic() < deadline:
            line = self.proc.stderr.readline().decode("utf-8", "replace")
            m = re.search(r"DevTools listening on (ws://\S+)", line)
            if m:
                return m.group(1)
            if not line and self.proc.poll() is not None:
                break
        raise RuntimeError("chromium did not start its DevTools endpoint")

    async def __aexit__(self, *exc) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self.http is not None:
            await self.http.close()
        if self.proc is not None:
            self.proc.terminate()
            try:
                await asyncio.to_thread(self.proc.wait, 10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                await asyncio.to_thread(self.proc.wait, 10)
        shutil.rmtree(self.profile, ignore_errors=True)

    async def send(self, method: str, **params):
        n = next(self._ids)
        message = {"id": n, "method": method, "params": params}
        if self.session_id and not method.startswith("Target."):
            message["sessionId"] = self.session_id
        await self.ws.send_str(json.dumps(message))
        deadline = time.monotonic() + self.wait
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no answer to {method}")
            msg = await self.ws.receive(timeout=left)
            if msg.type != aiohttp.WSMsgType.TEXT:
                raise RuntimeError(f"DevTools connection: {msg.type}")
            data = json.loads(msg.data)
            if data.get("id") == n:
                if "error" in data:
                    raise RuntimeError(f"{method}: {data['error']}")
                return data.get("result", {})

    async def open(self, url: str) -> None:
        await self.send("Page.navigate", url=url)

    async def screen(self) -> str:
        result = await self.send("Runtime.evaluate", expression=SCREEN, returnByValue=True)
        return result.get("result", {}).get("value") or ""

    async def wait_for(self, predicate, what: str, timeout: float | None = None) -> str:
        """The screen once ``predicate(screen)`` holds; a bounded wait, then a clear failure."""
        deadline = time.monotonic() + (timeout or self.wait)
        text = ""
        while time.monotonic() < deadline:
            text = await self.screen()
            if predicate(text):
                return text
            await asyncio.sleep(0.2)
        raise AssertionError(f"the page never showed {what}; it showed:\n{text}")

    async def type(self, text: str) -> None:
        await self.send("Runtime.evaluate", expression="window.__gmTerm && window.__gmTerm.focus()")
        for ch in text:
            await self.send("Input.dispatchKeyEvent", type="keyDown", key=ch, text=ch)
            await self.send("Input.dispatchKeyEvent", type="keyUp", key=ch)

    async def press(self, key: str, code: int, modifiers: int = 0) -> None:
        """A named key (Enter 13, Escape 27...), with modifiers (2 = Ctrl)."""
        await self.send("Runtime.evaluate", expression="window.__gmTerm && window.__gmTerm.focus()")
        text = "\r" if key == "Enter" else ""
        await self.send("Input.dispatchKeyEvent", type="rawKeyDown", key=key, windowsVirtualKeyCode=code,
                        modifiers=modifiers, **({"text": text} if text else {}))
        await self.send("Input.dispatchKeyEvent", type="keyUp", key=key, windowsVirtualKeyCode=code,
                        modifiers=modifiers)
