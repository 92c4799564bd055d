"""The OpenAI-compatible API of `homeos serve`, through the official `openai` Python package."""
import glob
import json
import math
import os

import jsonschema
import openai
import pytest

MODEL = "smollm2-135m-instruct"


@pytest.fixture(scope="module")
def client(server):
    return openai.OpenAI(base_url=server.url + "v1", api_key="not-needed-on-loopback", max_retries=0, timeout=300)


def benchmark_schemas(count=20):
    """The first `count` JSONSchemaBench schemas (Github_easy, by file name), from HOMEOS_DATA_DIR or the cache."""
    roots = [os.environ.get("HOMEOS_DATA_DIR"), os.path.join(os.environ.get("HOMEOS_CACHE", os.path.expanduser("~/.cache/homeos")), "data")]
    for root in filter(None, roots):
        files = sorted(glob.glob(os.path.join(root, "jsonschemabench", "Github_easy", "*.json")))
        if files:
            return files
    pytest.skip("JSONSchemaBench is not installed (scripts/fetch-eval-data.sh, or HOMEOS_DATA_DIR)")


def test_models_lists_the_loaded_model_and_the_encoder(client):
    ids = [model.id for model in client.models.list()]
    assert MODEL in ids
    assert "all-minilm-l6-v2" in ids


def test_chat_answers(client):
    completion = client.chat.completions.create(
        model=MODEL, messages=[{"role": "user", "content": "Name one fruit. Reply with one word."}], max_tokens=8)
    choice = completion.choices[0]
    assert choice.message.role == "assistant"
    assert choice.message.content.strip()
    assert choice.finish_reason in ("stop", "length")
    assert completion.usage.completion_tokens >= 1


def test_streaming_sends_pieces_then_done(client):
    stream = client.chat.completions.create(
        model=MODEL, messages=[{"role": "user", "content": "Count from one to five in words."}], max_tokens=24, stream=True,
        stream_options={"include_usage": True})
    pieces, finish, usage = [], None, None
    for chunk in stream:
        if chunk.usage:
            usage = chunk.usage
        for choice in chunk.choices:
            if choice.delta.content:
                pieces.append(choice.delta.content)
            finish = choice.finish_reason or finish
    assert len(pieces) >= 3, pieces
    assert finish in ("stop", "length")
    assert usage is not None and usage.completion_tokens >= len(pieces) - 1
    greedy = client.chat.completions.create(
        model=MODEL, messages=[{"role": "user", "content": "Count from one to five in words."}], max_tokens=24)
    assert "".join(pieces) == greedy.choices[0].message.content, "streamed and whole greedy answers differ"


def test_text_completion_streams_the_same_text_as_a_whole_one(client):
    prompt = "Once upon a time, in a quiet harbour town,"
    stream = client.completions.create(model=MODEL, prompt=prompt, max_tokens=24, temperature=0, stream=True,
                                       stream_options={"include_usage": True})
    pieces, finish, usage = [], None, None
    for chunk in stream:
        assert chunk.object == "text_completion"
        if chunk.usage:
            usage = chunk.usage
        for choice in chunk.choices:
            if choice.text:
                pieces.append(choice.text)
            finish = choice.finish_reason or finish
    assert len(pieces) >= 3, pieces
    assert finish in ("stop", "length")
    assert usage is not None and usage.completion_tokens >= len(pieces) - 1
    whole = client.completions.create(model=MODEL, prompt=prompt, max_tokens=24, temperature=0)
    assert "".join(pieces) == whole.choices[0].text, "streamed and whole greedy completions differ"


def test_log_probabilities_come_per_token_with_the_greedy_choice_most_likely(client):
    messages = [{"role": "user", "content": "Name three fruits."}]
    completion = client.chat.completions.create(model=MODEL, messages=messages, max_tokens=12, logprobs=True, top_logprobs=3)
    choice = completion.choices[0]
    entries = choice.logprobs.content
    assert len(entries) == completion.usage.completion_tokens
    assert "".join(entry.token for entry in entries) == choice.message.content
    for entry in entries:
        assert entry.logprob <= 0 and len(entry.top_logprobs) == 3
        assert entry.top_logprobs[0].token == entry.token, "greedy picks the likeliest token"
        assert bytes(entry.bytes).decode("utf-8", "replace") == entry.token
        assert sum(math.exp(alternative.logprob) for alternative in entry.top_logprobs) <= 1 + 1e-6
    plain = client.chat.completions.create(model=MODEL, messages=messages, max_tokens=12)
    assert plain.choices[0].logprobs is None
    assert plain.choices[0].message.content == choice.message.content

    streamed = []
    for chunk in client.chat.completions.create(model=MODEL, messages=messages, max_tokens=12, logprobs=True, top_logprobs=3,
                                                stream=True):
        for part in chunk.choices:
            if part.logprobs and part.logprobs.content:
                streamed.extend(part.logprobs.content)
    assert [entry.token for entry in streamed] == [entry.token for entry in entries]
    assert [entry.logprob for entry in streamed] == pytest.approx([entry.logprob for entry in entries])

    text = client.completions.create(model=MODEL, prompt="The capital of France is", max_tokens=6, temperature=0, logprobs=2)
    legacy = text.choices[0].logprobs
    assert "".join(legacy.tokens) == text.choices[0].text
    assert len(legacy.token_logprobs) == len(legacy.tokens) == len(legacy.top_logprobs) == len(legacy.text_offset)
    assert legacy.text_offset[0] == 0 and all(len(alternatives) <= 2 for alternatives in legacy.top_logprobs)


def test_log_probability_requests_out_of_range_are_refused_by_name(client):
    messages = [{"role": "user", "content": "Hi"}]
    with pytest.raises(openai.BadRequestError) as too_many:
        client.chat.completions.create(model=MODEL, messages=messages, max_tokens=2, logprobs=True, top_logprobs=21)
    assert too_many.value.body["param"] == "top_logprobs"
    with pytest.raises(openai.BadRequestError) as without:
        client.chat.completions.create(model=MODEL, messages=messages, max_tokens=2, top_logprobs=2)
    assert without.value.body["param"] == "top_logprobs"


def test_tool_call_arguments_follow_the_declared_schema(client):
    parameters = {"type": "object", "properties": {"city": {"type": "string"}, "unit": {"enum": ["celsius", "fahrenheit"]}},
                  "required": ["city", "unit"], "additionalProperties": False}
    tools = [{"type": "function", "function": {"name": "get_weather", "description": "The weather in a city", "parameters": parameters}}]
    completion = client.chat.completions.create(
        model=MODEL, messages=[{"role": "user", "content": "What's the weather in Paris, in celsius?"}], tools=tools,
        tool_choice="required", max_tokens=64)
    choice = completion.choices[0]
    assert choice.finish_reason == "tool_calls"
    call = choice.message.tool_calls[0]
    assert call.function.name == "get_weather"
    jsonschema.validate(json.loads(call.function.arguments), parameters)


def test_json_schema_strict_answers_are_valid_on_20_benchmark_schemas(client):
    valid, refused = 0, []
    for path in benchmark_schemas():
        if valid == 20:
            break
        with open(path) as handle:
            schema = json.load(handle)
        try:
            completion = client.chat.completions.create(
                model=MODEL, max_tokens=400,
                messages=[{"role": "user", "content": "Write one realistic JSON example of this data."}],
                response_format={"type": "json_schema", "json_schema": {"name": "item", "schema": schema, "strict": True}})
        except openai.BadRequestError as error:
            # The decoder cannot guarantee this schema: the API says which keyword, and no answer is given.
            assert error.body["code"] in ("unsupported_schema_keyword", None), error.body
            refused.append(os.path.basename(path))
            continue
        answer = json.loads(completion.choices[0].message.content)
        jsonschema.validate(answer, schema)
        valid += 1
    print(f"20 strict answers valid; {len(refused)} schemas refused as not enforceable: {refused}")
    assert valid == 20


def test_unenforceable_strict_schema_is_refused_naming_the_keyword(client):
    schema = {"type": "object", "properties": {"n": {"type": "integer", "multipleOf": 7}}, "required": ["n"]}
    with pytest.raises(openai.BadRequestError) as refused:
        client.chat.completions.create(
            model=MODEL, messages=[{"role": "user", "content": "A number"}],
            response_format={"type": "json_schema", "json_schema": {"name": "n", "schema": schema, "strict": True}})
    assert "multipleOf" in refused.value.body["message"]
    assert refused.value.body["param"] == "response_format"


def test_errors_come_in_openai_shape(client):
    with pytest.raises(openai.NotFoundError) as missing:
        client.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": "hi"}])
    assert missing.value.body["code"] == "model_not_found"
    with pytest.raises(openai.BadRequestError) as bad:
        client.chat.completions.create(model=MODEL, messages=[{"role": "user", "content": "hi"}], n=2)
    assert bad.value.body["param"] == "n"


def test_embeddings_are_unit_vectors_and_similar_sentences_are_close(client):
    result = client.embeddings.create(model="all-minilm-l6-v2", input=["A man is eating food.", "A man is eating a meal.", "The sky is blue."])
    vectors = [item.embedding for item in result.data]
    assert [len(vector) for vector in vectors] == [384, 384, 384]
    dot = lambda a, b: sum(x * y for x, y in zip(a, b))
    assert abs(dot(vectors[0], vectors[0]) - 1) < 1e-3
    assert dot(vectors[0], vectors[1]) > dot(vectors[0], vectors[2]) + 0.2


def peak_memory_kib(pid):
    """The process's peak resident memory (VmHWM) in KiB."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    raise AssertionError("no VmHWM in /proc status")


def test_a_prompt_larger_than_the_context_is_context_length_exceeded(client):
    """Issue 22, limits: OpenAI's own error code, with the token counts, and the server keeps serving."""
    with pytest.raises(openai.BadRequestError) as refused:
        client.chat.completions.create(model=MODEL, messages=[{"role": "user", "content": "dinner plans " * 4000}], max_tokens=8)
    assert refused.value.body["code"] == "context_length_exceeded"
    assert "tokens" in refused.value.body["message"]
    assert client.chat.completions.create(model=MODEL, messages=[{"role": "user", "content": "Hi"}], max_tokens=4).choices


def test_ten_thousand_turns_are_refused_from_their_size_with_memory_bounded(client, server):
    """Issue 22, limits: 10,000 turns of history are refused before they are read (413), and the
    server's peak memory does not grow by more than the body it refused to buffer."""
    before = peak_memory_kib(server.process.pid)
    turns = [{"role": "user" if index % 2 == 0 else "assistant", "content": f"turn {index} about the school run"} for index in range(10_000)]
    with pytest.raises(openai.APIStatusError) as refused:
        client.chat.completions.create(model=MODEL, messages=turns, max_tokens=4)
    assert refused.value.status_code == 413
    assert "larger than" in refused.value.body["message"]
    after = peak_memory_kib(server.process.pid)
    assert after - before < 64 * 1024, f"peak memory grew by {(after - before) // 1024} MiB"
    assert client.chat.completions.create(model=MODEL, messages=[{"role": "user", "content": "Hi"}], max_tokens=4).choices
