"""`homeos mcp` through the official `mcp` Python SDK, as an MCP client would run it."""
import asyncio
import concurrent.futures
import json
import os
import shutil
import subprocess
import tempfile

import pytest
from mcp import ClientSession, StdioServerParameters, types
from mcp.client.stdio import stdio_client

REPOSITORY = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.fixture(scope="module")
def family_dir():
    binary = os.environ["HOMEOS_BIN"]
    folder = tempfile.mkdtemp(prefix="homeos-mcp-")
    subprocess.run([binary, "init", "--from", os.path.join(REPOSITORY, "examples", "sample-family.json"), "--data-dir", folder],
                   check=True, capture_output=True)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


async def with_session(family_dir, work, elicitation_callback=None):
    parameters = StdioServerParameters(command=os.environ["HOMEOS_BIN"], args=["mcp", "--data-dir", family_dir])
    async with stdio_client(parameters) as (read, write):
        async with ClientSession(read, write, elicitation_callback=elicitation_callback) as session:
            await session.initialize()
            return await work(session)


def run(coroutine):
    """Runs `coroutine` on an event loop of its own thread (Playwright's sync API may hold this thread's)."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def text_of(result):
    return "".join(part.text for part in result.content if getattr(part, "type", "") == "text")


def test_tools_resources_a_read_only_call_and_a_risky_call_parked(family_dir):
    async def work(session):
        tools = {tool.name: tool for tool in (await session.list_tools()).tools}
        assert len(tools) == 19, sorted(tools)
        reservation = tools["restaurant-reservation"]
        assert "partySize" in reservation.input_schema["properties"]
        assert "userMessage" in reservation.input_schema["required"]

        resources = {resource.uri for resource in (await session.list_resources()).resources}
        assert "homeos://family/medications" in {str(uri) for uri in resources}
        medications = await session.read_resource("homeos://family/medications")
        listed = json.loads(medications.contents[0].text)
        assert any(item["name"] == "atorvastatin" and item["dose"] == "20 mg" for item in listed)

        answer = await session.call_tool("healthcare", {"userMessage": "How much atorvastatin does Grandma Rosa take?"})
        assert not answer.is_error, text_of(answer)
        assert "20 mg" in text_of(answer)

        booking = await session.call_tool("restaurant-reservation", {
            "userMessage": "Book a table at an Italian place for Saturday at 7pm for 4",
            "cuisine": "Italian", "date": "Saturday", "time": "7pm", "partySize": 4})
        assert not booking.is_error, text_of(booking)
        assert "Waiting for the family's approval" in text_of(booking)
        return text_of(booking)

    parked = run(with_session(family_dir, work))
    approval_id = parked.rsplit("Approval id: ", 1)[1].strip()
    pending = subprocess.run([os.environ["HOMEOS_BIN"], "approve", "--data-dir", family_dir, "--no-model", approval_id],
                             capture_output=True, text=True)
    assert pending.returncode == 0, pending.stderr
    assert "calendar" in pending.stdout.lower() or "reservation" in pending.stdout.lower(), pending.stdout


def test_bad_arguments_are_an_error_not_a_call(family_dir):
    async def work(session):
        result = await session.call_tool("restaurant-reservation", {"userMessage": "Book a table", "partySize": "many"})
        assert result.is_error
        assert "schema" in text_of(result)
        unknown = await session.call_tool("launch-rockets", {"userMessage": "go"})
        assert unknown.is_error

    run(with_session(family_dir, work))


BOOKING = {"userMessage": "Book a table at an Italian place for Saturday at 7pm for 4",
           "cuisine": "Italian", "date": "Saturday", "time": "7pm", "partySize": 4}


@pytest.mark.parametrize("answer", ["approve", "deny", "dismiss"])
def test_a_client_that_elicits_asks_the_person_and_their_answer_decides(family_dir, answer):
    questions = []

    async def elicit(context, params):
        questions.append(params)
        if answer == "dismiss":
            return types.ElicitResult(action="cancel")
        return types.ElicitResult(action="accept", content={"approve": answer == "approve"})

    async def work(session):
        result = await session.call_tool("restaurant-reservation", BOOKING)
        return result

    result = run(with_session(family_dir, work, elicitation_callback=elicit))
    text = text_of(result)
    assert not result.is_error, text
    assert len(questions) == 1
    assert "needs your approval" in questions[0].message and "If approved:" in questions[0].message
    assert "approve" in questions[0].requested_schema["properties"]
    if answer == "approve":
        assert text.startswith("Approved at the client."), text
    elif answer == "deny":
        assert text.startswith("Denied at the client: nothing was done"), text
    else:
        assert "Waiting for the family's approval" in text, text
        approval_id = text.rsplit("Approval id: ", 1)[1].strip()
        # Left for the family: `homeos deny` answers it.
        denied = subprocess.run([os.environ["HOMEOS_BIN"], "deny", "--data-dir", family_dir, approval_id],
                                capture_output=True, text=True)
        assert denied.returncode == 0, denied.stderr
