"""The `homeos` command line on the remote engine (`--engine remote --base-url … --model …`),
with `homeos serve`'s own OpenAI-compatible API on 127.0.0.1 as the remote server."""
import json
import os
import subprocess
import tempfile

import pytest

MODEL = "smollm2-135m-instruct"


def homeos(*arguments, timeout=300):
    return subprocess.run([os.environ["HOMEOS_BIN"], *arguments], capture_output=True, text=True, timeout=timeout)


@pytest.fixture(scope="module")
def family():
    folder = tempfile.mkdtemp(prefix="homeos-remote-cli-")
    sample = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "sample-family.json")
    created = homeos("init", "--from", sample, "--data-dir", os.path.join(folder, "data"))
    assert created.returncode == 0, created.stderr
    return os.path.join(folder, "data")


def test_generate_runs_on_the_remote_engine(server):
    result = homeos("dev", "generate", "--engine", "remote", "--base-url", server.url + "v1", "--model", MODEL,
                    "--max-tokens", "16", "Name one fruit.")
    assert result.returncode == 0, result.stderr
    assert f"[remote engine: {MODEL}" in result.stderr, result.stderr
    assert result.stdout.strip(), "the remote model wrote nothing"


def test_ask_routes_and_answers_through_the_remote_engine(server, family):
    result = homeos("ask", "--engine", "remote", "--base-url", server.url + "v1", "--model", MODEL, "--json",
                    "--data-dir", family, "Remind me to call the plumber tomorrow at 9am")
    assert result.returncode == 0, result.stderr
    reply = json.loads(result.stdout)
    assert reply["skill"] == "tools"
    assert reply["result"]["type"] == "response"
    assert "plumber" in reply["result"]["text"].lower()


def test_remote_options_are_checked_before_anything_runs(family):
    missing = homeos("ask", "--engine", "remote", "--data-dir", family, "hello")
    assert missing.returncode != 0
    assert "--base-url" in missing.stderr, missing.stderr
    unreachable = homeos("ask", "--engine", "remote", "--base-url", "http://127.0.0.1:9/v1", "--model", MODEL,
                         "--data-dir", family, "Suggest a dinner")
    assert "127.0.0.1:9" in unreachable.stderr + unreachable.stdout, unreachable.stderr
