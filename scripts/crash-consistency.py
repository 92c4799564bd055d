#!/usr/bin/env python3
"""kill -9 at random moments while `homeos` and `sentinel` write, then check that nothing
acknowledged was lost and that every store still opens.

A write is acknowledged when its command exited 0 before the kill. After every kill the script
checks that each acknowledged write is still there, that the SQLite files pass
`PRAGMA integrity_check` (on a copy, so the WAL is replayed as the next open would), and that
the store opens through the product itself (`homeos data export`, `sentinel report`, which
also decrypts Sentinel's store).

    scripts/crash-consistency.py [--kills 200] [--seed N] [--only homeos|sentinel] [--scenario NAME] [--bin DIR]

Prints one table row per scenario; exits 1 if any write was lost or any store failed to open.
"""
import argparse
import json
import os
import random
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Scenario:
    """One kind of write, killed `kills` times."""

    def __init__(self, name, binary, folder, environment):
        self.name = name
        self.binary = binary
        self.folder = folder
        self.environment = environment
        self.kills = 0
        self.completed = 0
        self.checked = 0
        self.lost = 0
        self.failed_opens = 0
        self.resumed = 0
        self.problems = []

    def run(self, arguments, timeout=120):
        return subprocess.run([self.binary] + arguments, env=self.environment, capture_output=True, text=True, timeout=timeout)

    def run_and_maybe_kill(self, arguments, delay):
        """Runs the command, SIGKILLs it after `delay` seconds if it is still running; its standard
        output when it exited 0 first (the write was acknowledged), else None."""
        process = subprocess.Popen([self.binary] + arguments, env=self.environment,
                                   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            output, _ = process.communicate(timeout=delay)
            return output if process.returncode == 0 else None
        except subprocess.TimeoutExpired:
            process.kill()
            process.communicate()
            self.kills += 1
            return None

    def check_acknowledged(self, items, text, what):
        """Counts each acknowledged item as checked, and as lost when `text` (what the store holds) lacks it."""
        for item in items:
            self.checked += 1
            if item not in text:
                self.lost += 1
                self.problem(f"acknowledged {what} lost: {item}")

    def problem(self, text):
        if len(self.problems) < 5:
            self.problems.append(text)


def integrity_ok(database):
    """`PRAGMA integrity_check` on a copy of the database and its WAL, as the next open sees them."""
    if not os.path.exists(database):
        return True
    with tempfile.TemporaryDirectory() as scratch:
        copy = os.path.join(scratch, os.path.basename(database))
        for suffix in ("", "-wal"):
            if os.path.exists(database + suffix):
                shutil.copy(database + suffix, copy + suffix)
        try:
            connection = sqlite3.connect(copy)
            result = connection.execute("PRAGMA integrity_check").fetchone()[0]
            connection.close()
            return result == "ok"
        except sqlite3.DatabaseError:
            return False


def databases(folder):
    found = []
    for root, _, names in os.walk(folder):
        found += [os.path.join(root, name) for name in names if name.endswith((".sqlite", ".db", ".sqlite3"))]
    return found


def typical_duration(scenario, arguments):
    """The slowest of three uncontested runs: kills are spread over about two and a half times it."""
    durations = []
    for _ in range(3):
        start = time.time()
        result = scenario.run(arguments)
        if result.returncode != 0:
            raise SystemExit(f"{scenario.name}: the command does not work even without a kill: {result.stderr[-500:]}")
        durations.append(time.time() - start)
    return max(durations)


# MARK: homeos

def homeos_export(scenario):
    """The family's documents by path, through `homeos data export`; None if the store does not open."""
    with tempfile.TemporaryDirectory() as out:
        target = os.path.join(out, "export")
        result = scenario.run(["data", "export", "--data-dir", scenario.folder, target])
        if result.returncode != 0:
            scenario.problem(f"data export failed: {result.stderr.strip()[-300:]}")
            return None
        documents = {}
        for root, _, names in os.walk(target):
            for name in names:
                path = os.path.join(root, name)
                with open(path, encoding="utf-8") as handle:
                    documents[os.path.relpath(path, target)] = handle.read()
        return documents


def check_store(scenario, read):
    """Every SQLite file intact, then `read(scenario)` through the product; None (a failed open) otherwise."""
    for database in databases(scenario.folder):
        if not integrity_ok(database):
            scenario.failed_opens += 1
            scenario.problem(f"integrity_check failed on {database}")
            return None
    value = read(scenario)
    if value is None:
        scenario.failed_opens += 1
    return value


def check_homeos_store(scenario):
    return check_store(scenario, homeos_export)


def homeos_reminders(binary, environment, workspace, kills, rng):
    """`homeos ask` writing reminders (the assistant's whole path: routing, skill, store)."""
    scenario = Scenario("homeos ask (reminders)", binary, os.path.join(workspace, "reminders"), environment)
    init = scenario.run(["init", "--from", os.path.join(ROOT, "examples", "sample-family.json"), "--data-dir", scenario.folder])
    if init.returncode != 0:
        raise SystemExit(f"homeos init failed: {init.stderr[-500:]}")
    typical = typical_duration(scenario, ["ask", "--no-model", "--data-dir", scenario.folder, "Remind me to warm up the kettle tomorrow at 9am"])
    acknowledged = []
    for index in range(kills):
        marker = f"water the ficus number {index}"
        message = f"Remind me to {marker} tomorrow at 9am"
        if scenario.run_and_maybe_kill(["ask", "--no-model", "--data-dir", scenario.folder, message], rng.uniform(0.05, typical * 2.5)) is not None:
            scenario.completed += 1
            acknowledged.append(marker)
        exported = check_homeos_store(scenario)
        if exported is None:
            continue
        # The skill capitalises a reminder's title.
        scenario.check_acknowledged([marker.lower() for marker in acknowledged], "".join(exported.values()).lower(), "reminder")
    return scenario


def homeos_approvals(binary, environment, workspace, kills, rng):
    """`homeos ask` parking risky bookings for approval (the approval store)."""
    scenario = Scenario("homeos ask (approvals)", binary, os.path.join(workspace, "approvals"), environment)
    scenario.run(["init", "--from", os.path.join(ROOT, "examples", "sample-family.json"), "--data-dir", scenario.folder])
    message = "Book a table at an Italian place for Saturday at 7pm for {}"
    typical = typical_duration(scenario, ["ask", "--no-model", "--json", "--data-dir", scenario.folder, message.format(2)])
    acknowledged = []
    for index in range(kills):
        party = 3 + index % 9
        arguments = ["ask", "--no-model", "--json", "--data-dir", scenario.folder, message.format(party)]
        output = scenario.run_and_maybe_kill(arguments, rng.uniform(0.05, typical * 2.5))
        if output is not None:
            scenario.completed += 1
            identifier = re.search(r'"approvalId"\s*:\s*"([^"]+)"', output) or re.search(r'"id"\s*:\s*"([0-9A-Fa-f-]{8,})"', output)
            if identifier:
                acknowledged.append(identifier.group(1))
        exported = check_homeos_store(scenario)
        if exported is None:
            continue
        scenario.check_acknowledged(acknowledged, "".join(exported.values()), "approval")
    return scenario


def homeos_import(binary, environment, workspace, kills, rng):
    """`homeos data import`: one transaction, so the family is the old one or the new one, never half."""
    scenario = Scenario("homeos data import", binary, os.path.join(workspace, "import"), environment)
    scenario.run(["init", "--from", os.path.join(ROOT, "examples", "sample-family.json"), "--data-dir", scenario.folder])
    source = os.path.join(workspace, "import-source")
    scenario.run(["data", "export", "--data-dir", scenario.folder, source])
    family_file = os.path.join(source, "data", "family.json")
    with open(family_file, encoding="utf-8") as handle:
        family = json.load(handle)
    typical = typical_duration(scenario, ["data", "import", "--data-dir", scenario.folder, source])
    baseline = family.get("name")
    for index in range(kills):
        family["name"] = f"Rivera household {index}"
        with open(family_file, "w", encoding="utf-8") as handle:
            json.dump(family, handle)
        completed = scenario.run_and_maybe_kill(["data", "import", "--data-dir", scenario.folder, source], rng.uniform(0.02, typical * 2.5)) is not None
        scenario.completed += completed
        exported = check_homeos_store(scenario)
        if exported is None:
            continue
        current = json.loads(exported.get(os.path.join("data", "family.json"), "{}")).get("name")
        scenario.checked += 1
        # An acknowledged import must be there; a killed one is all there or not at all.
        expected = {family["name"]} if completed else {baseline, family["name"]}
        if current not in expected:
            scenario.lost += 1
            scenario.problem(f"after import {index} the family is named {current!r}, expected one of {sorted(map(str, expected))}")
        baseline = current
    return scenario


def homeos_init(binary, environment, workspace, kills, rng):
    """`homeos init --from` into a new folder: afterwards the folder holds the whole family or
    nothing that stops a second `init` from creating it; an acknowledged init always opens."""
    scenario = Scenario("homeos init", binary, os.path.join(workspace, "init"), environment)
    sample = os.path.join(ROOT, "examples", "sample-family.json")
    with open(sample, encoding="utf-8") as handle:
        seed = json.load(handle)
    expected, members = seed["name"], len(seed["members"])
    root = scenario.folder
    durations = []
    for probe in range(3):
        start = time.time()
        if scenario.run(["init", "--from", sample, "--data-dir", os.path.join(root, f"probe-{probe}")]).returncode != 0:
            raise SystemExit("homeos init does not work even without a kill")
        durations.append(time.time() - start)
    typical = max(durations)
    for index in range(kills):
        scenario.folder = os.path.join(root, f"family-{index}")
        completed = scenario.run_and_maybe_kill(["init", "--from", sample, "--data-dir", scenario.folder], rng.uniform(0.02, typical * 2.5)) is not None
        if completed:
            scenario.completed += 1
        else:
            # A killed init may leave nothing, an empty store or the whole family, but never a folder
            # that a second init refuses or a family that is half there.
            exported = homeos_export_quietly(scenario)
            family = json.loads((exported or {}).get(os.path.join("data", "family.json"), "{}"))
            if family.get("members") and (family.get("name") != expected or len(family["members"]) != members):
                scenario.lost += 1
                scenario.problem(f"a killed init left a different family: {str(family)[:200]}")
            if not family.get("members"):
                again = scenario.run(["init", "--from", sample, "--data-dir", scenario.folder])
                if again.returncode != 0:
                    scenario.failed_opens += 1
                    scenario.problem(f"init after a killed init failed: {again.stderr.strip()[-300:]}")
                    continue
        exported = check_homeos_store(scenario)
        if exported is None:
            continue
        scenario.checked += 1
        family = json.loads(exported.get(os.path.join("data", "family.json"), "{}"))
        if family.get("name") != expected or len(family.get("members", [])) != members:
            scenario.lost += 1
            scenario.problem(f"family after init {index}: {str(family)[:200]}")
        shutil.rmtree(scenario.folder, ignore_errors=True)
    scenario.folder = root
    return scenario


def homeos_export_quietly(scenario):
    """The store's documents, or None without recording a problem (a store that may not exist yet)."""
    problems = list(scenario.problems)
    exported = homeos_export(scenario)
    scenario.problems = problems
    return exported


def homeos_feedback(binary, environment, workspace, kills, rng):
    """`homeos feedback up --turn ID` (the turn's reaction and the genes' fitness, one transaction)."""
    scenario = Scenario("homeos feedback", binary, os.path.join(workspace, "feedback"), environment)
    scenario.run(["init", "--from", os.path.join(ROOT, "examples", "sample-family.json"), "--data-dir", scenario.folder])

    def new_turn(index):
        asked = scenario.run(["ask", "--no-model", "--json", "--data-dir", scenario.folder, f"Remind me to stretch {index} tomorrow at 8am"])
        if asked.returncode != 0:
            raise SystemExit(f"homeos ask failed: {asked.stderr[-500:]}")
        return json.loads(asked.stdout)["turn"]

    created = [new_turn(-1)]
    typical = typical_duration(scenario, ["feedback", "down", "--turn", created[0], "--data-dir", scenario.folder])
    acknowledged = []
    for index in range(kills):
        turn = new_turn(index)
        created.append(turn)
        if scenario.run_and_maybe_kill(["feedback", "up", "--turn", turn, "--data-dir", scenario.folder], rng.uniform(0.02, typical * 2.5)) is not None:
            scenario.completed += 1
            acknowledged.append(turn)
        exported = check_homeos_store(scenario)
        if exported is None:
            continue
        turns = {entry["id"]: entry for entry in json.loads(exported.get(os.path.join("data", "prompts", "turns.json"), "[]"))}
        # The store keeps the last 50 turns (PromptGeneStore.keptTurns); older ones leave by design.
        kept = set(created[-50:])
        for identifier in (turn for turn in acknowledged if turn in kept):
            scenario.checked += 1
            if turns.get(identifier, {}).get("feedback") is not True:
                scenario.lost += 1
                scenario.problem(f"acknowledged feedback on turn {identifier} lost")
        if "gene-pool.json" not in "".join(exported.keys()):
            scenario.failed_opens += 1
            scenario.problem("the gene pool is gone")
    return scenario


def homeos_ledger(binary, environment, workspace, kills, rng):
    """`homeos daemon` delivering due reminders (claimed in the fired-job ledger, then sent, then
    finished), killed at random: a notification in the log is an acknowledged delivery, and it must
    be in the ledger, so that no restart ever sends it again."""
    scenario = Scenario("homeos daemon (fired-job ledger)", binary, os.path.join(workspace, "ledger"), environment)
    family_file = os.path.join(workspace, "ledger-family.json")
    with open(family_file, "w", encoding="utf-8") as handle:
        json.dump({"name": "The Ledger family", "timeZone": "UTC", "members": [{"id": "sam", "name": "Sam", "role": "parent"}],
                   "notificationPreferences": {"morningBriefing": None, "eveningWindDown": None}}, handle)
    init = scenario.run(["init", "--from", family_file, "--data-dir", scenario.folder])
    if init.returncode != 0:
        raise SystemExit(f"homeos init failed: {init.stderr[-500:]}")
    log = os.path.join(workspace, "ledger-notifications.log")
    arguments = ["daemon", "--data-dir", scenario.folder, "--notifier", "log", "--log-file", log, "--no-model"]
    reminders = []

    def add_due_reminders(index):
        """Three reminders due a few seconds ago (well inside the daemon's grace window), imported."""
        due = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() - 5))
        for number in range(3):
            reminders.append({"id": f"00000000-0000-4000-8000-{index + 10000:06d}{number:06d}"[-36:],
                              "title": f"Ledger check {index}.{number}", "due": due, "isDone": False, "createdAt": due,
                              "source": "tools"})
        folder = os.path.join(workspace, "ledger-import", "data")
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "reminders.json"), "w", encoding="utf-8") as handle:
            json.dump(reminders, handle)
        imported = scenario.run(["data", "import", os.path.dirname(folder), "--data-dir", scenario.folder])
        if imported.returncode != 0:
            raise SystemExit(f"homeos data import failed: {imported.stderr[-500:]}")

    def logged():
        if not os.path.exists(log):
            return []
        with open(log, encoding="utf-8") as handle:
            lines = [line for line in handle.read().split("\n") if line.strip()]
        entries = []
        for line in lines:
            try:
                entries.append(json.loads(line))
            except json.JSONDecodeError:
                pass  # a line cut by the kill: not a delivery the person saw
        return [entry.get("id") for entry in entries if entry.get("kind") == "reminder"]

    def delivered_within(count, seconds):
        """Starts the daemon, waits until `count` reminders are in the log, stops it; the time taken."""
        start = time.time()
        process = subprocess.Popen([binary] + arguments, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        while len(logged()) < count and time.time() - start < seconds:
            time.sleep(0.02)
        elapsed = time.time() - start
        process.kill()
        process.wait()
        return elapsed

    add_due_reminders(-1)
    typical = delivered_within(3, 60)
    for index in range(kills):
        add_due_reminders(index)
        process = subprocess.Popen([binary] + arguments, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            process.wait(timeout=rng.uniform(0.02, typical * 2.5))
        except subprocess.TimeoutExpired:
            pass
        process.kill()
        process.wait()
        scenario.kills += 1
        exported = check_homeos_store(scenario)
        if exported is None:
            continue
        sent = logged()
        ledger = {entry["id"]: entry for entry in json.loads(exported.get(os.path.join("data", "scheduler", "fired.json"), "[]"))}
        duplicates = {identifier for identifier in sent if sent.count(identifier) > 1}
        scenario.completed = len(set(sent))
        for identifier in set(sent):
            scenario.checked += 1
            if identifier not in ledger:
                scenario.lost += 1
                scenario.problem(f"delivered {identifier} is not in the ledger")
        if duplicates:
            scenario.lost += len(duplicates)
            scenario.problem(f"sent twice: {sorted(duplicates)[:3]}")
    return scenario


class ThrottledFileServer:
    """A 127.0.0.1 HTTP server for one file with `Range` support, sending it in 64 KiB chunks with a
    pause between them (so a kill lands mid-file) and, while `corrupt` is set, with one byte flipped."""

    def __init__(self, content):
        import http.server
        import threading
        server = self
        self.content = content
        self.corrupt = False

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *arguments):
                pass

            def do_GET(self):
                body = bytearray(server.content)
                if server.corrupt:
                    body[len(body) // 2] ^= 0xFF
                start = 0
                match = re.match(r"bytes=(\d+)-", self.headers.get("Range", ""))
                if match and int(match.group(1)) < len(body):
                    start = int(match.group(1))
                    self.send_response(206)
                    self.send_header("Content-Range", f"bytes {start}-{len(body) - 1}/{len(body)}")
                else:
                    self.send_response(200)
                self.send_header("Content-Length", str(len(body) - start))
                self.send_header("Accept-Ranges", "bytes")
                self.end_headers()
                try:
                    for offset in range(start, len(body), 64 * 1024):
                        self.wfile.write(body[offset:offset + 64 * 1024])
                        time.sleep(0.004)
                except (BrokenPipeError, ConnectionResetError):
                    pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/crash-test-model.gguf"

    def close(self):
        self.httpd.shutdown()


def homeos_download(binary, environment, workspace, kills, rng):
    """`homeos models pull` of a file served slowly from 127.0.0.1, killed mid-file: afterwards the
    installed file is either absent or complete with the right SHA-256, the next pull resumes from
    the partial file, and a pull of bytes with the wrong hash (every fifth attempt) never installs."""
    import hashlib
    scenario = Scenario("homeos models pull", binary, os.path.join(workspace, "download"), environment)
    content = b"GGUF" + random.Random(7).randbytes(8 * 1024 * 1024)
    digest = hashlib.sha256(content).hexdigest()
    server = ThrottledFileServer(content)
    models = os.path.join(workspace, "download-models")

    def pull():
        return ["models", "pull", server.url, "--sha256", digest, "--models-dir", models, "--data-dir", scenario.folder]

    def installed():
        """The installed file's bytes, or None; anything else that looks installed is a problem."""
        path = os.path.join(models, "crash-test-model.gguf")
        if not os.path.exists(path):
            return None
        with open(path, "rb") as handle:
            return handle.read()

    def reset():
        shutil.rmtree(models, ignore_errors=True)
        shutil.rmtree(scenario.folder, ignore_errors=True)

    try:
        typical = typical_duration(scenario, pull())
        reset()
        for index in range(kills):
            corrupt = index % 5 == 4
            server.corrupt = corrupt
            output = scenario.run_and_maybe_kill(pull(), rng.uniform(0.02, typical * 2.5))
            scenario.completed += output is not None
            found = installed()
            if corrupt:
                scenario.checked += 1
                if output is not None or found is not None:
                    scenario.lost += 1
                    scenario.problem(f"attempt {index}: a file with the wrong hash was installed")
                server.corrupt = False
                reset()
                continue
            if found is not None and found != content:
                scenario.failed_opens += 1
                scenario.problem(f"attempt {index}: the installed file is not the served one")
            if output is not None:
                scenario.checked += 1
                if found != content:
                    scenario.lost += 1
                    scenario.problem(f"attempt {index}: pull said it installed the model but the file is missing or wrong")
            else:
                # Killed: the next pull must finish it, from the partial file when there is one.
                resumed = scenario.run(pull())
                scenario.checked += 1
                scenario.resumed += "(resumed from" in resumed.stdout
                if resumed.returncode != 0 or installed() != content:
                    scenario.lost += 1
                    scenario.problem(f"attempt {index}: the pull after a kill failed: {resumed.stderr.strip()[-300:]}")
            reset()
    finally:
        server.close()
    return scenario


# MARK: sentinel
# MARK: sentinel

def sentinel_counts(scenario):
    result = scenario.run(["report", "--for", "emergency", "--no-model", "--data-dir", scenario.folder])
    if result.returncode != 0:
        scenario.problem(f"sentinel report failed: {result.stderr.strip()[-300:]}")
        return None
    checkins = re.search(r"(\d+) check-ins? recorded", result.stdout)
    crises = re.search(r"Crisis history: (\d+) crisis sessions?", result.stdout)
    return (int(checkins.group(1)) if checkins else 0, int(crises.group(1)) if crises else 0)


def check_sentinel_store(scenario):
    return check_store(scenario, sentinel_counts)


def sentinel_checkins(binary, environment, workspace, kills, rng):
    """`sentinel checkin` saving check-ins and the crisis history (orange: both are written)."""
    scenario = Scenario("sentinel checkin (+ crisis history)", binary, os.path.join(workspace, "sentinel-checkins"), environment)
    answers = os.path.join(workspace, "orange.json")
    with open(answers, "w", encoding="utf-8") as handle:
        json.dump({"wish_dead": True, "suicidal_thoughts": True, "method": True, "intent": False, "plan": False, "behavior": False}, handle)
    arguments = ["checkin", "--answers", answers, "--no-model", "--no-recheck", "--data-dir", scenario.folder]
    typical = typical_duration(scenario, arguments)
    stored = sentinel_counts(scenario) or (1, 1)
    for _ in range(kills):
        if scenario.run_and_maybe_kill(arguments, rng.uniform(0.02, typical * 2.5)) is not None:
            scenario.completed += 1
            stored = (stored[0] + 1, stored[1] + 1)
        counts = check_sentinel_store(scenario)
        if counts is None:
            continue
        scenario.checked += 2
        if counts[0] < stored[0] or counts[1] < stored[1]:
            scenario.lost += 1
            scenario.problem(f"stored check-ins/crises {counts}, acknowledged {stored}")
        stored = (max(stored[0], counts[0]), max(stored[1], counts[1]))
    return scenario


def plan_text(scenario):
    shown = scenario.run(["plan", "show", "--json", "--data-dir", scenario.folder])
    if shown.returncode != 0:
        scenario.problem(f"plan show failed: {shown.stderr.strip()[-300:]}")
        return None
    return shown.stdout


def sentinel_plan(binary, environment, workspace, kills, rng):
    """`sentinel plan add` saving the safety plan."""
    scenario = Scenario("sentinel plan add", binary, os.path.join(workspace, "sentinel-plan"), environment)
    typical = typical_duration(scenario, ["plan", "add", "coping", "Breathe slowly", "--data-dir", scenario.folder])
    acknowledged = []
    for index in range(kills):
        entry = f"Walk to the corner and back, round {index}"
        if scenario.run_and_maybe_kill(["plan", "add", "distraction", entry, "--data-dir", scenario.folder], rng.uniform(0.02, typical * 2.5)) is not None:
            scenario.completed += 1
            acknowledged.append(entry)
        shown = check_store(scenario, plan_text)
        if shown is None:
            continue
        scenario.check_acknowledged(acknowledged, shown, "plan entry")
    return scenario


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--kills", type=int, default=200, help="attempts per scenario (each killed at a random moment, or completed)")
    parser.add_argument("--seed", type=int, default=None, help="random seed (printed, to repeat a run)")
    parser.add_argument("--only", choices=["homeos", "sentinel"], help="run one tool's scenarios")
    parser.add_argument("--scenario", action="append", default=[], help="run only scenarios whose name contains this (repeatable)")
    parser.add_argument("--bin", default=None, help="folder of the homeos and sentinel binaries (default: swift build --show-bin-path)")
    arguments = parser.parse_args()
    seed = arguments.seed if arguments.seed is not None else random.randrange(1 << 30)
    rng = random.Random(seed)
    binaries = arguments.bin or subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True,
                                               text=True, check=True).stdout.strip()
    workspace = tempfile.mkdtemp(prefix="homeos-crash-")
    environment = dict(os.environ, HOME=workspace, HOMEOS_HOME=os.path.join(workspace, "home"),
                       HOMEOS_MODELS_DIR=os.path.join(workspace, "no-models"), HOMEOS_PROMPT_CACHE="off",
                       SENTINEL_DATA_DIR=os.path.join(workspace, "sentinel-default"))
    environment.pop("SENTINEL_PASSPHRASE", None)
    print(f"crash consistency: {arguments.kills} attempts per scenario, seed {seed}, workspace {workspace}", flush=True)
    scenarios = []
    try:
        if arguments.only in (None, "homeos"):
            homeos = os.path.join(binaries, "homeos")
            for build in (homeos_init, homeos_reminders, homeos_approvals, homeos_import, homeos_feedback, homeos_ledger,
                          homeos_download):
                if arguments.scenario and not any(part in build.__name__ for part in arguments.scenario):
                    continue
                scenarios.append(build(homeos, environment, workspace, arguments.kills, rng))
                print(f"  done: {scenarios[-1].name}", flush=True)
        if arguments.only in (None, "sentinel"):
            sentinel = os.path.join(binaries, "sentinel")
            for build in (sentinel_checkins, sentinel_plan):
                if arguments.scenario and not any(part in build.__name__ for part in arguments.scenario):
                    continue
                scenarios.append(build(sentinel, environment, workspace, arguments.kills, rng))
                print(f"  done: {scenarios[-1].name}", flush=True)
    finally:
        shutil.rmtree(workspace, ignore_errors=True)
    print("\n| scenario | attempts | killed | completed | acknowledged writes checked | lost | failed opens |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for scenario in scenarios:
        print(f"| {scenario.name} | {arguments.kills} | {scenario.kills} | {scenario.completed} | {scenario.checked} | "
              f"{scenario.lost} | {scenario.failed_opens} |")
    for scenario in scenarios:
        if scenario.resumed:
            print(f"{scenario.name}: {scenario.resumed} pulls after a kill resumed from the partial file")
    bad = [scenario for scenario in scenarios if scenario.lost or scenario.failed_opens]
    for scenario in bad:
        for problem in scenario.problems:
            print(f"  {scenario.name}: {problem}")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
