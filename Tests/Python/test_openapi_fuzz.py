"""schemathesis fuzzes the OpenAI-compatible API from its own OpenAPI document (/openapi.json):
no 5xx for any request, valid or not, and every response in its documented status, content type
and shape. It runs as schemathesis's own command line against the real server."""
import os
import subprocess
import sys

# Test cases per API operation and phase: enough to reach every parameter's edges, bounded for `make test`.
EXAMPLES = 12


def test_api_conforms_to_its_document(server):
    schemathesis = os.path.join(os.path.dirname(sys.executable), "schemathesis")
    run = subprocess.run(
        [schemathesis, "run", server.url + "openapi.json", "--url", server.url.rstrip("/"),
         "--checks", "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance",
         "--phases", "examples,coverage,fuzzing", "--mode", "all", "--max-examples", str(EXAMPLES),
         "--generation-deterministic", "--request-timeout", "120", "--suppress-health-check", "all", "--no-color"],
        capture_output=True, text=True, timeout=900)
    print(run.stdout[-3000:])
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
