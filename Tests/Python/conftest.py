"""A real `homeos serve` on 127.0.0.1 with the real default model, Chromium driven by Playwright, and the API's clients.

The server runs on the sample family in a temporary data folder. HOMEOS_BIN names the homeos
binary (scripts/python-tests.sh passes the debug build's); HOMEOS_SCREENSHOTS is where every
page is saved at desktop and phone width.
"""
import os
import re
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.request

import pytest
from playwright.sync_api import sync_playwright

CHROMIUM = os.environ.get("HOMEOS_CHROMIUM", shutil.which("chromium") or "/usr/bin/chromium")
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    """`homeos serve --sample` on a free port; `url` once it printed that it is ready."""

    def __init__(self, binary, data_dir, port):
        self.port = port
        self.url = f"http://127.0.0.1:{port}/"
        self.log = open(os.path.join(data_dir, "serve.log"), "w+")
        self.process = subprocess.Popen(
            [binary, "serve", "--sample", "--data-dir", os.path.join(data_dir, "family"), "--port", str(port)],
            stdout=subprocess.PIPE, stderr=self.log, text=True)
        deadline = time.time() + 120
        line = ""
        while time.time() < deadline:
            line = self.process.stdout.readline()
            if not line and self.process.poll() is not None:
                break
            if "HomeOS is ready at" in line:
                return
        self.log.seek(0)
        raise RuntimeError(f"homeos serve did not start: {line!r} {self.log.read()[-2000:]}")

    def stop(self):
        self.process.terminate()
        try:
            return self.process.wait(timeout=30)
        finally:
            self.log.close()


@pytest.fixture(scope="session")
def server():
    binary = os.environ.get("HOMEOS_BIN")
    if not binary:
        pytest.fail("HOMEOS_BIN is not set: run these tests through scripts/python-tests.sh")
    folder = tempfile.mkdtemp(prefix="homeos-browser-")
    running = Server(binary, folder, free_port())
    yield running
    status = running.stop()
    assert status == 0, f"homeos serve exited with {status} on SIGTERM"
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def playwright_driver():
    """The one Playwright driver of the run (a second sync driver in the same process is refused)."""
    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright_driver):
    launched = playwright_driver.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
    yield launched
    launched.close()


@pytest.fixture()
def page(browser, server):
    context = browser.new_context(viewport=DESKTOP)
    opened = context.new_page()
    opened.errors = []
    opened.on("pageerror", lambda error: opened.errors.append(str(error)))
    opened.goto(server.url)
    opened.wait_for_selector("#family-name:has-text('Rivera')")
    yield opened
    context.close()
    assert not opened.errors, f"script errors on the page: {opened.errors}"


def screenshot_folder():
    folder = os.environ.get("HOMEOS_SCREENSHOTS") or os.path.join(tempfile.gettempdir(), "homeos-screenshots")
    os.makedirs(folder, exist_ok=True)
    return folder


def csrf_session(server):
    """A cookie jar opener holding the CSRF cookie the page would get, and its token."""
    jar = urllib.request.HTTPCookieProcessor()
    opener = urllib.request.build_opener(jar)
    opener.open(server.url).read()
    token = next(cookie.value for cookie in jar.cookiejar if cookie.name == "homeos_csrf")
    return opener, token


def wait_until(predicate, timeout=60, interval=0.2):
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    raise AssertionError("timed out")


ANY_SPACE = re.compile(r"\s+")
