"""Sentinel's web app in Chromium, against a real `sentinel serve` on 127.0.0.1 (no model: every
step here is the deterministic one, so the tests say exactly what the person must see).

Each test gets a fresh server and data folder. SENTINEL_BIN names the sentinel binary
(scripts/python-tests.sh passes the debug build's). Screenshots go to HOMEOS_SCREENSHOTS.
"""
import http.client
import json
import os
import shutil
import subprocess
import tempfile
import time

import pytest

from conftest import CHROMIUM, DESKTOP, PHONE, free_port, screenshot_folder

PASSPHRASE = "blue heron 1987"
PHRASE = "marmalade lighthouse at dawn"


class SentinelServer:
    """`sentinel serve --no-model` on a free port with its own data folder."""

    def __init__(self, idle_lock=300, recheck_after=600, verbose=True):
        binary = os.environ.get("SENTINEL_BIN")
        if not binary:
            pytest.fail("SENTINEL_BIN is not set: run these tests through scripts/python-tests.sh")
        self.folder = tempfile.mkdtemp(prefix="sentinel-browser-")
        self.data = os.path.join(self.folder, "data")
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.log_path = os.path.join(self.folder, "serve.log")
        self.log = open(self.log_path, "w+")
        environment = dict(os.environ, HOMEOS_MODELS_DIR=os.path.join(self.folder, "no-models"))
        arguments = [binary, "serve", "--no-model", "--port", str(self.port), "--data-dir", self.data,
                     "--idle-lock", str(idle_lock), "--recheck-after", str(recheck_after)]
        if verbose:
            arguments.append("--verbose")
        self.process = subprocess.Popen(arguments, stdout=subprocess.PIPE, stderr=self.log, text=True, env=environment)
        deadline = time.time() + 60
        while time.time() < deadline:
            line = self.process.stdout.readline()
            if "Sentinel is ready at" in line:
                return
            if not line and self.process.poll() is not None:
                break
        self.log.seek(0)
        raise RuntimeError(f"sentinel serve did not start: {self.log.read()[-2000:]}")

    def stop(self):
        self.process.terminate()
        status = self.process.wait(timeout=30)
        self.log.close()
        return status

    def log_text(self):
        with open(self.log_path) as log:
            return log.read()

    def files(self):
        found = []
        for root, _, names in os.walk(self.data):
            found += [os.path.join(root, name) for name in names]
        return found


@pytest.fixture()
def sentinel():
    running = SentinelServer()
    yield running
    assert running.stop() == 0, "sentinel serve did not exit cleanly on SIGTERM"
    shutil.rmtree(running.folder, ignore_errors=True)


@pytest.fixture(scope="module")
def chromium(playwright_driver):
    launched = playwright_driver.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
    yield launched
    launched.close()


def new_page(browser, viewport=PHONE):
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    return page


def shot(page, name):
    page.screenshot(path=os.path.join(screenshot_folder(), f"sentinel-{name}.png"), full_page=True)


def onboard(page, server, name="Sam", buddy=("Alex", "555-123-4567"), self_command="You have made it through hard days before.",
            screenshots=False):
    page.goto(server.url)
    page.wait_for_url("**/welcome")
    if screenshots:
        shot(page, "welcome-phone")
    page.fill("#passphrase", PASSPHRASE)
    page.fill("#confirm", PASSPHRASE)
    page.fill("#name", name)
    page.fill("#buddy_name", buddy[0])
    page.fill("#buddy_phone", buddy[1])
    page.select_option("#line", "veterans_crisis_line")
    page.fill("#self_command", self_command)
    page.click("button:has-text('Set up Sentinel')")
    page.wait_for_url("**/plan?first=1")


PLAN = {
    "warning-signs": "Not sleeping\nSkipping meals",
    "coping": "Walk the dog around the block",
    "distraction": "Coffee at the VFW hall",
    "help": "Alex 555-123-4567",
    "professionals": "Dr. Patel at the VA 555-987-6543",
    "environment": "Keep the keys to the safe with Alex",
    "reasons": "My daughter's graduation",
}


def write_plan(page, plan=PLAN, screenshots=False):
    for key, text in plan.items():
        page.fill(f"#plan-{key}", text)
    if screenshots:
        shot(page, "plan-phone")
    page.click("button:has-text('Save safety plan')")
    page.wait_for_url("**/plan?saved=1")


def answer(page, *answers):
    for value in answers:
        page.locator("form.question").wait_for()
        page.click(f"form.question button[value='{value}']")


def test_onboarding_then_an_all_no_check_in_ends_green(chromium, sentinel):
    page = new_page(chromium)
    onboard(page, sentinel, screenshots=True)
    assert "988" in page.inner_text(".crisis-bar")
    write_plan(page, screenshots=True)
    assert "988" in page.inner_text("#plan-988")
    page.goto(sentinel.url + "checkin")
    assert "wished you were dead" in page.inner_text("legend")
    shot(page, "question-phone")
    answer(page, "no", "no")
    # 3-5 are skipped after a no to 2; 6 is asked next.
    assert "In your lifetime" in page.inner_text("legend")
    answer(page, "no")
    page.locator("#note").wait_for()
    shot(page, "signals-phone")
    page.fill("#note", "A steady week, went fishing with my brother.")
    page.click("button:has-text('Finish check-in')")
    page.wait_for_url("**/checkin/result")
    assert page.get_attribute("#result-tier", "data-tier") == "green"
    assert "questions" in page.inner_text("#result-driver")
    assert page.inner_text("#result-explanation").strip()
    shot(page, "result-phone")
    page.goto(sentinel.url + "dashboard")
    assert page.locator("svg[role=img]").count() >= 1
    assert "1 check-in" in page.inner_text("main")
    shot(page, "dashboard-phone")
    page.set_viewport_size(DESKTOP)
    shot(page, "dashboard-desktop")
    # Nothing clinical in browser storage; every page is no-store.
    assert page.evaluate("() => localStorage.length + sessionStorage.length") == 0
    response = page.goto(sentinel.url + "plan")
    assert response.headers["cache-control"] == "no-store"
    assert "default-src 'self'" in response.headers["content-security-policy"]
    # The passphrase never reaches the log, even at --verbose.
    assert PASSPHRASE not in sentinel.log_text()
    assert not page.errors, page.errors


def test_a_yes_to_intent_opens_the_crisis_view_at_once(chromium, sentinel):
    page = new_page(chromium)
    onboard(page, sentinel)
    write_plan(page)
    page.goto(sentinel.url + "checkin")
    answer(page, "yes", "yes", "no")   # 1 yes, 2 yes, 3 (method) no
    assert "intention of acting" in page.inner_text("legend") or "intent" in page.inner_text("legend").lower()
    answer(page, "yes")                 # 4 (intent) yes: no further question
    page.wait_for_url("**/crisis")
    assert page.locator("form.question").count() == 0
    assert page.locator("a[href='tel:988']").count() >= 2
    assert page.locator("a[href='sms:838255']").count() >= 2
    assert "press 1" in page.inner_text(".crisis-lines")
    assert page.get_attribute("#call-buddy", "href") == "tel:5551234567"
    opened = page.locator("#crisis-plan details[open]")
    assert opened.count() == 3, page.inner_text("#crisis-plan")
    titles = [opened.nth(index).locator("summary").inner_text() for index in range(3)]
    # The plan's own words are there, expanded, for the three sections ranked first.
    body = " ".join(opened.nth(index).inner_text() for index in range(3))
    assert len(set(titles)) == 3
    assert any(text.split("\n")[0].split(" 555")[0] in body for text in PLAN.values()), body
    assert page.locator("#crisis-plan details").count() == 7
    assert page.locator("#recheck form button").count() == 3
    shot(page, "crisis-phone")
    # The recheck answer is recorded, and "still not safe" asks for the call.
    page.click("#recheck button[value='still_not_safe']")
    page.wait_for_url("**/crisis")
    assert "Still not safe" in page.inner_text("#recheck-history")
    assert page.locator("#recheck a[href='tel:988']").count() == 1
    # The check-in was saved as red, and the history counts the crisis.
    page.goto(sentinel.url + "dashboard")
    assert "Days since your last crisis: 0" in page.inner_text("#days-since-crisis")
    assert not page.errors, page.errors


def test_the_recheck_timer_runs_in_the_page(chromium):
    server = SentinelServer(recheck_after=3)
    try:
        page = new_page(chromium)
        onboard(page, server)
        page.goto(server.url + "checkin")
        answer(page, "no", "yes", "no", "no", "yes")  # 5 (plan) yes
        page.wait_for_url("**/crisis")
        page.wait_for_function("() => document.getElementById('recheck-countdown').textContent === 'now'", timeout=10000)
        assert "due" in page.get_attribute("#recheck", "class")
        page.click("#recheck button[value='about_the_same']")
        page.wait_for_url("**/crisis")
        assert "About the same" in page.inner_text("#recheck-history")
        page.click("#recheck button[value='more_stable']")
        page.wait_for_url("**/crisis")
        assert "more stable" in page.inner_text("#recheck")
    finally:
        assert server.stop() == 0


def speech_file(folder):
    path = os.path.join(folder, "speech.wav")
    subprocess.run(["espeak-ng", "-w", path, "-s", "140",
                    "Today was a long day. I went for a walk in the morning. Then I called my brother. "
                    "We talked about the game. In the evening I cooked dinner. I feel tired, but I am okay."], check=True)
    return path


def test_a_voice_check_in_through_the_microphone(playwright_driver, sentinel):
    speech = speech_file(sentinel.folder)
    reference = json.loads(subprocess.run([os.environ["SENTINEL_BIN"], "signals", "prosody", speech, "--json"],
                                          check=True, capture_output=True, text=True).stdout)
    browser = playwright_driver.chromium.launch(executable_path=CHROMIUM, args=[
        "--no-sandbox", "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream",
        f"--use-file-for-fake-audio-capture={speech}"])
    try:
        page = new_page(browser)
        page.context.grant_permissions(["microphone"], origin=sentinel.url.rstrip("/"))
        onboard(page, sentinel)
        page.goto(sentinel.url + "checkin")
        answer(page, "no", "no", "no")
        page.click("#record-start")
        page.wait_for_function("() => parseInt(document.getElementById('record-timer').textContent) >= 14", timeout=30000)
        page.click("#record-stop")
        page.wait_for_function("() => document.getElementById('voice-result').dataset.pauseCount !== undefined", timeout=30000)
        result = page.locator("#voice-result")
        median = float(result.get_attribute("data-median-pitch"))
        pauses_per_minute = float(result.get_attribute("data-pauses-per-minute"))
        shot(page, "voice-phone")
        # espeak-ng's default voice speaks at about 100 Hz; the browser's recording of it must measure
        # the same voice as the file itself does, and find the pauses between its sentences.
        assert 70 <= median <= 150, result.inner_text()
        assert abs(median - reference["medianPitch"]) <= 0.15 * reference["medianPitch"], (median, reference["medianPitch"])
        assert 10 <= pauses_per_minute <= 60, result.inner_text()
        page.click("button:has-text('Finish check-in')")
        page.wait_for_url("**/checkin/result")
        assert "Voice:" in page.inner_text(".signals")
        assert not page.errors, page.errors
    finally:
        browser.close()
    # The audio never reached the disk: no file holds a RIFF/WAVE header.
    for path in sentinel.files():
        with open(path, "rb") as handle:
            assert b"WAVEfmt" not in handle.read(), path


def test_an_idle_session_locks_and_sends_the_person_back_to_unlock(chromium):
    server = SentinelServer(idle_lock=10)
    try:
        page = new_page(chromium)
        onboard(page, server)
        page.goto(server.url + "dashboard")
        page.wait_for_url("**/unlock", timeout=25000)
        assert "locked itself" in page.inner_text("#lock-reason")
        shot(page, "unlock-phone")
        # The server locked too: the old cookie opens nothing.
        page.goto(server.url + "dashboard")
        assert page.url.endswith("/unlock")
        page.fill("#passphrase", PASSPHRASE)
        page.click("button:has-text('Unlock')")
        page.wait_for_url(server.url)
        assert "Hello, Sam." in page.inner_text("main")
    finally:
        assert server.stop() == 0


def test_each_wrong_passphrase_costs_a_growing_delay(chromium, sentinel):
    page = new_page(chromium)
    onboard(page, sentinel)
    page.click("button:has-text('Lock')")
    page.wait_for_url("**/unlock")
    started = time.time()
    page.fill("#passphrase", "not it at all")
    page.click("button:has-text('Unlock')")
    page.locator(".form-error").wait_for()
    first = time.time() - started
    assert "1 second" in page.inner_text(".form-error")
    started = time.time()
    page.fill("#passphrase", "still not it")
    page.click("button:has-text('Unlock')")
    page.locator(".form-error:has-text('2 seconds')").wait_for()
    second = time.time() - started
    started = time.time()
    page.fill("#passphrase", "third time")
    page.click("button:has-text('Unlock')")
    page.locator(".form-error:has-text('4 seconds')").wait_for()
    third = time.time() - started
    assert first >= 0.9 and second >= 1.9 and third >= 3.9, (first, second, third)
    page.fill("#passphrase", PASSPHRASE)
    page.click("button:has-text('Unlock')")
    page.wait_for_url(sentinel.url)
    assert PASSPHRASE not in sentinel.log_text()


def test_purge_leaves_no_file_behind(chromium, sentinel):
    page = new_page(chromium)
    onboard(page, sentinel)
    write_plan(page)
    page.goto(sentinel.url + "checkin")
    answer(page, "yes", "no", "no")
    page.click("button:has-text('Finish check-in')")
    page.wait_for_url("**/checkin/result")
    assert sentinel.files(), "nothing was stored before the purge"
    page.goto(sentinel.url + "settings")
    page.fill("#confirm", "delete")
    page.click("button:has-text('Delete everything')")
    assert "Nothing was deleted" in page.inner_text(".form-error")
    shot(page, "settings-phone")
    page.fill("#confirm", "DELETE")
    page.click("button:has-text('Delete everything')")
    page.locator("#purged").wait_for()
    assert sentinel.files() == [], sentinel.files()
    page.goto(sentinel.url + "dashboard")
    page.wait_for_url("**/welcome")


def test_values_entered_in_the_pages_never_reach_the_disk_readable(chromium, sentinel):
    page = new_page(chromium)
    onboard(page, sentinel, name=f"Sam {PHRASE}", buddy=(f"Alex {PHRASE}", "555-123-4567"),
            self_command=f"Remember the {PHRASE}")
    write_plan(page, {key: f"{text} {PHRASE}" for key, text in PLAN.items()})
    page.fill("#hope-texts", f"The {PHRASE}\nMy dog")
    page.click("button:has-text('Save words')")
    page.wait_for_url("**/plan#hope-box")
    page.goto(sentinel.url + "checkin")
    answer(page, "yes", "no", "no")
    page.fill("#note", f"I keep thinking about the {PHRASE}")
    page.click("button:has-text('Finish check-in')")
    page.wait_for_url("**/checkin/result")
    # It is all really kept (the export decrypts it) …
    export = page.request.get(sentinel.url + "settings/export")
    assert PHRASE in export.text()
    # … and no byte on disk shows it, in UTF-8 or UTF-16, any case.
    needles = []
    for variant in (PHRASE, PHRASE.lower(), PHRASE.upper()):
        needles += [variant.encode("utf-8"), variant.encode("utf-16-le"), variant.encode("utf-16-be")]
    files = sentinel.files()
    assert files
    for path in files:
        with open(path, "rb") as handle:
            data = handle.read()
        assert not any(needle in data for needle in needles), path


def csrf(page):
    return next(cookie["value"] for cookie in page.context.cookies() if cookie["name"] == "sentinel_csrf")


def test_bad_uploads_get_a_clear_error_and_store_nothing(chromium, sentinel):
    page = new_page(chromium)
    onboard(page, sentinel)
    page.goto(sentinel.url + "checkin")
    answer(page, "no", "no", "no")
    headers = {"X-CSRF-Token": csrf(page), "Origin": sentinel.url.rstrip("/")}
    not_wav = page.request.post(sentinel.url + "checkin/voice", data=b"just some text, not audio",
                                headers=dict(headers, **{"Content-Type": "audio/wav"}))
    assert not_wav.status == 415 and "not a WAV" in not_wav.json()["error"], not_wav.text()
    bomb = (b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">'
            b'<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><HealthData><Record type="x" value="&lol3;"/></HealthData>')
    health = page.request.post(sentinel.url + "checkin/health", data=bomb, headers=dict(headers, **{"Content-Type": "text/xml"}))
    assert health.status == 422 and "not a usable Health export" in health.json()["error"], health.text()
    # A 2 GB upload is refused from its headers, before the body is read.
    cookies = "; ".join(f"{cookie['name']}={cookie['value']}" for cookie in page.context.cookies())
    connection = http.client.HTTPConnection("127.0.0.1", sentinel.port, timeout=20)
    connection.putrequest("POST", "/checkin/health")
    for name, value in dict(headers, Cookie=cookies, **{"Content-Type": "text/xml", "Content-Length": str(2 * 1024 ** 3)}).items():
        connection.putheader(name, value)
    connection.endheaders()
    connection.send(b"<HealthData>" + b" " * 65536)
    response = connection.getresponse()
    assert response.status == 413, response.status
    assert "limit" in json.loads(response.read())["error"]
    connection.close()
    # A picture that is not PNG or JPEG stays out of the hope box.
    picture = page.request.post(sentinel.url + "hope/images?caption=x", data=b"<svg onload=alert(1)>",
                                headers=dict(headers, **{"Content-Type": "image/png"}))
    assert picture.status == 415
    # A page of another site cannot post here.
    foreign = page.request.post(sentinel.url + "checkin/finish", form={"note": "x"},
                                headers={"X-CSRF-Token": csrf(page), "Origin": "http://evil.example"})
    assert foreign.status == 403
    # None of it was kept: the check-in finishes without wearable or voice signals.
    page.click("button:has-text('Finish check-in')")
    page.wait_for_url("**/checkin/result")
    signals = page.inner_text("main")
    assert "Voice:" not in signals and "Wearables" not in signals
    assert not page.errors, page.errors


def tiny_png():
    import struct
    import zlib

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    raw = b"".join(b"\x00" + b"\x2a\x7a\xc0" * 8 for _ in range(8))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 8, 8, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


WORKSHEET = """Patient Safety Plan Template
Step 1: Warning signs
1. Staying up all night
Step 2: Internal coping strategies - Things I can do to take my mind off my problems
1. Play guitar
Step 3: People and social settings that provide distraction
Name: Joe from the garage Phone: 555-222-3333
Step 4: People whom I can ask for help
Name: Alex Phone: 555-123-4567
Step 5: Professionals or agencies I can contact during a crisis
Clinician Name: Dr. Patel Phone: 555-987-6543
Step 6: Making the environment safe
1. Give the keys to Alex
The one thing that is most important to me and worth living for is:
My daughter
"""


def test_worksheet_hope_box_report_and_records(chromium, sentinel):
    page = new_page(chromium, DESKTOP)
    onboard(page, sentinel)
    # On the first visit the worksheet form is already open.
    page.fill("#worksheet", WORKSHEET)
    page.click("button:has-text('Read worksheet')")
    assert "sections from the worksheet" in page.inner_text(".notice")
    assert "Play guitar" in page.input_value("#plan-coping")
    assert "Staying up all night" in page.input_value("#plan-warning-signs")
    # A picture for the hope box, stored encrypted and shown back.
    page.fill("#hope-caption", "Fishing trip with Dad")
    picture = os.path.join(sentinel.folder, "trip.png")
    with open(picture, "wb") as handle:
        handle.write(tiny_png())
    with page.expect_navigation():
        page.set_input_files("#hope-image", picture)
    image = page.locator("#hope-box img[alt='Fishing trip with Dad']")
    assert image.count() == 1
    assert page.evaluate("(img) => img.naturalWidth", image.element_handle()) == 8
    page.set_viewport_size(PHONE)
    shot(page, "plan-worksheet-phone")
    page.set_viewport_size(DESKTOP)
    page.goto(sentinel.url + "checkin")
    answer(page, "yes", "no", "no")
    page.click("button:has-text('Finish check-in')")
    page.wait_for_url("**/checkin/result")
    # The report streams into the page (the template without a model, which says so).
    page.goto(sentinel.url + "reports")
    page.click("button[data-recipient='mental-health']")
    page.wait_for_function("() => !document.getElementById('report-print').hidden", timeout=30000)
    report = page.inner_text("#report-output")
    for heading in ("Situation", "Background", "Assessment", "Recommendation"):
        assert heading.upper() in report.upper(), report
    assert "yellow" in report.lower()
    # A discharge summary goes in through the inbox upload, and the page says what was taken in.
    record = os.path.join(sentinel.folder, "discharge.json")
    with open(record, "w") as handle:
        json.dump({"resourceType": "DocumentReference", "date": "2026-11-20",
                   "content": [{"attachment": {"contentType": "text/plain",
                                               "data": "RGlzY2hhcmdlZCBhZnRlciAzIGRheXMuIEZvbGxvdy11cCBpbiAyIHdlZWtzLg=="}}]}, handle)
    page.set_input_files("#record-file", record)
    page.wait_for_function("() => document.getElementById('record-file-result').textContent.includes('Taken in')", timeout=30000)
    assert page.inner_text("#record-count") == "1"
    page.set_input_files("#record-file", record)
    page.wait_for_function("() => document.getElementById('record-file-result').textContent.includes('already')", timeout=30000)
    shot(page, "reports-desktop")
    page.set_viewport_size(PHONE)
    shot(page, "reports-phone")
    # Nothing of the upload is left readable in the data folder.
    for path in sentinel.files():
        with open(path, "rb") as handle:
            assert b"Discharged after" not in handle.read(), path
    assert not page.errors, page.errors
