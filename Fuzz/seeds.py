#!/usr/bin/env python3
"""Writes the committed seed corpus under Fuzz/Corpus/<target>/ (run once; the files are in git).

Each seed is a small, valid (or nearly valid) example of what the parser reads in real use, so
libFuzzer starts from the interesting structure instead of random bytes. Re-running rewrites the
same files: names are the content's SHA-1, as libFuzzer names what it finds.
"""
import base64
import hashlib
import json
import pathlib
import struct

ROOT = pathlib.Path(__file__).resolve().parent / "Corpus"


def put(target, data):
    if isinstance(data, str):
        data = data.encode()
    folder = ROOT / target
    folder.mkdir(parents=True, exist_ok=True)
    (folder / hashlib.sha1(data).hexdigest()).write_bytes(data)


# JSON documents: every value kind, escapes, numbers at the edges, nesting, and near misses.
for text in [
    '{"name":"Rosa","age":82,"meds":["atorvastatin 20 mg"],"allergic":false,"note":null}',
    '[1,-0,0.5,1e308,-1.5E-7,123456789012345678901234567890]',
    '"caf\\u00e9 \\ud83d\\ude00 \\n\\t\\"\\\\\\/"',
    '{"a":{"b":{"c":[[],{},[{"d":true}]]}}}',
    ' \n\t{ "spaced" : [ 1 , 2 ] } \n',
    '{"dup":1,"dup":2}',
    '[1,2,', '{"a":}', '01', '"\\ud800"', 'nul', '[1e999]', '\ufeff{}',
]:
    put("json-parser", text)

# JSON Schemas: the keywords the grammar compiler enforces (and some it reports as unsupported).
schemas = [
    {"type": "object", "properties": {"dish": {"type": "string", "maxLength": 40}, "minutes": {"type": "integer", "minimum": 5, "maximum": 240}},
     "required": ["dish"], "additionalProperties": False},
    {"enum": ["shopping", "meals", "calendar", None, 3]},
    {"const": {"ok": True}},
    {"anyOf": [{"type": "string", "format": "date"}, {"type": "null"}]},
    {"oneOf": [{"type": "integer", "multipleOf": 5}, {"type": "boolean"}]},
    {"allOf": [{"type": "object", "properties": {"a": {"type": "string"}}}, {"required": ["a"]}]},
    {"$defs": {"person": {"type": "object", "properties": {"name": {"type": "string"}, "kids": {"type": "array", "items": {"$ref": "#/$defs/person"}}}}},
     "$ref": "#/$defs/person"},
    {"type": "string", "pattern": "^[A-Z]{2}-[0-9]{3,5}$"},
    {"type": "array", "prefixItems": [{"type": "string"}, {"type": "number"}], "items": False, "minItems": 1},
    {"type": "array", "items": {"type": "string", "format": "email"}, "minItems": 1, "maxItems": 3, "uniqueItems": True},
    {"type": "string", "format": "uuid"},
    {"type": "string", "format": "date-time"},
    {"type": "number", "exclusiveMinimum": -2.5, "exclusiveMaximum": 1e6},
    {"type": ["string", "integer"], "minLength": 2},
    {"type": "object", "patternProperties": {"^x-": {"type": "integer"}}, "minProperties": 1},
    {"not": {"type": "string"}},
    {"if": {"properties": {"kind": {"const": "a"}}}, "then": {"required": ["x"]}, "else": {"required": ["y"]}},
    True,
]
for schema in schemas:
    put("json-schema-grammar", json.dumps(schema))


# GGUF headers: version 3 with every metadata value kind and two tensors, then damaged copies.
def gguf_string(text):
    raw = text.encode()
    return struct.pack("<Q", len(raw)) + raw


def gguf_header(version=3, tensors=True, alignment=32):
    kv = [
        (gguf_string("general.architecture"), 8, gguf_string("llama")),
        (gguf_string("general.name"), 8, gguf_string("Fuzz Seed")),
        (gguf_string("general.alignment"), 4, struct.pack("<I", alignment)),
        (gguf_string("llama.context_length"), 4, struct.pack("<I", 2048)),
        (gguf_string("llama.rope.freq_base"), 6, struct.pack("<f", 10000.0)),
        (gguf_string("tokenizer.ggml.add_bos_token"), 7, struct.pack("<?", True)),
        (gguf_string("test.i8"), 1, struct.pack("<b", -3)),
        (gguf_string("test.u64"), 10, struct.pack("<Q", 1 << 40)),
        (gguf_string("test.f64"), 12, struct.pack("<d", 0.5)),
        (gguf_string("tokenizer.ggml.tokens"), 9, struct.pack("<IQ", 8, 2) + gguf_string("<s>") + gguf_string("hi")),
        (gguf_string("test.ints"), 9, struct.pack("<IQ", 5, 3) + struct.pack("<3i", 1, 2, 3)),
    ]
    tensor_infos = []
    if tensors:
        tensor_infos = [
            gguf_string("token_embd.weight") + struct.pack("<I", 2) + struct.pack("<QQ", 8, 4) + struct.pack("<I", 0) + struct.pack("<Q", 0),
            gguf_string("output.weight") + struct.pack("<I", 1) + struct.pack("<Q", 32) + struct.pack("<I", 2) + struct.pack("<Q", 128),
        ]
    body = b"GGUF" + struct.pack("<IQQ", version, len(tensor_infos), len(kv))
    for key, kind, value in kv:
        body += key + struct.pack("<I", kind) + value
    for info in tensor_infos:
        body += info
    start = (len(body) + alignment - 1) // alignment * alignment
    body += b"\0" * (start - len(body))
    return body + b"\0" * (128 + 20 if tensors else 0)


put("gguf-header", gguf_header())
put("gguf-header", gguf_header(version=2))
put("gguf-header", gguf_header(tensors=False))
put("gguf-header", gguf_header(alignment=64))
put("gguf-header", gguf_header()[:200])
put("gguf-header", b"GGUF" + struct.pack("<IQQ", 3, 0, 0))


# WAV files: the encodings and chunk layouts the reader accepts.
def wav(fmt_tag, channels, rate, bits, frames, extra_chunks=b"", extensible=False):
    block = channels * bits // 8
    if fmt_tag == 3:
        samples = b"".join(struct.pack("<f", ((i % 16) - 8) / 8) for i in range(frames * channels))
    elif bits == 8:
        samples = bytes((i * 7) % 256 for i in range(frames * channels))
    elif bits == 24:
        samples = b"".join(struct.pack("<i", (i * 1000) - 5000)[:3] for i in range(frames * channels))
    else:
        samples = b"".join(struct.pack("<h", ((i * 997) % 65536) - 32768) for i in range(frames * channels))
    if extensible:
        fmt = struct.pack("<HHIIHH", 0xFFFE, channels, rate, rate * block, block, bits)
        fmt += struct.pack("<HHI", 22, bits, 3) + struct.pack("<H", fmt_tag) + bytes.fromhex("000000001000800000aa00389b71")
    else:
        fmt = struct.pack("<HHIIHH", fmt_tag, channels, rate, rate * block, block, bits)
    chunks = b"fmt " + struct.pack("<I", len(fmt)) + fmt + extra_chunks
    chunks += b"data" + struct.pack("<I", len(samples)) + samples + (b"\0" if len(samples) % 2 else b"")
    return b"RIFF" + struct.pack("<I", 4 + len(chunks)) + b"WAVE" + chunks


put("wav-reader", wav(1, 1, 16000, 16, 64))
put("wav-reader", wav(1, 2, 44100, 16, 32))
put("wav-reader", wav(1, 1, 8000, 8, 33))
put("wav-reader", wav(1, 1, 48000, 24, 20))
put("wav-reader", wav(3, 1, 22050, 32, 24))
put("wav-reader", wav(1, 1, 16000, 16, 16, extensible=True))
put("wav-reader", wav(1, 1, 16000, 16, 16, extra_chunks=b"LIST" + struct.pack("<I", 5) + b"INFOx\0"))
put("wav-reader", wav(1, 1, 16000, 16, 64)[:60])

# Apple Health exports: the DTD Apple writes, each metric, and the shapes that must fail cleanly.
health_head = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE HealthData [
<!ELEMENT HealthData (ExportDate,Me,(Record|Workout)*)>
<!ATTLIST HealthData locale CDATA #REQUIRED>
]>
<HealthData locale="en_US">
 <ExportDate value="2026-11-20 08:00:00 -0500"/>
 <Me HKCharacteristicTypeIdentifierDateOfBirth="1980-01-01"/>
"""
records = [
    '<Record type="HKQuantityTypeIdentifierStepCount" sourceName="Watch" unit="count" startDate="2026-11-19 08:00:00 -0500" endDate="2026-11-19 09:00:00 -0500" value="812"/>',
    '<Record type="HKQuantityTypeIdentifierHeartRateVariabilitySDNN" sourceName="Watch" unit="ms" startDate="2026-11-19 03:00:00 -0500" endDate="2026-11-19 03:01:00 -0500" value="41.5"><HeartRateVariabilityMetadataList/></Record>',
    '<Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Watch" startDate="2026-11-18 23:10:00 -0500" endDate="2026-11-19 06:40:00 -0500" value="HKCategoryValueSleepAnalysisAsleepCore"/>',
    '<Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone &amp; Watch" unit="count" startDate="2026-11-19 10:00:00 -0500" endDate="2026-11-19 11:00:00 -0500" value="1e308"/>',
]
put("health-export", health_head + "\n".join(records) + "\n</HealthData>\n")
put("health-export", health_head + records[0] + "\n")
put("health-export", '<?xml version="1.0"?><HealthData locale="en_US">' + records[2] + '</HealthData>')
put("health-export", '<?xml version="1.0"?><Other/>')

# FHIR narratives (first byte even) and record files (first byte odd).
narratives = [
    '<div xmlns="http://www.w3.org/1999/xhtml"><p>BP 128/82 &amp; HR 71</p><ul><li>Sertraline 50&#160;mg</li></ul></div>',
    '<div><script>alert(1)</script><img src="x" onerror="alert(2)"/><a href="java&#x09;script:alert(3)">x</a></div>',
    '<div><![CDATA[<b onclick="x()">bold</b>]]><!-- note --><?pi x?><style>p{}</style>&lt;b&gt;</div>',
    '<xhtml:div><table><tr><th>Date</th><td>2026-11-02</td></tr></table> a &lt; b, c > d</xhtml:div>',
]
for text in narratives:
    put("fhir-narrative", b"\0" + text.encode())
put("fhir-narrative", b"\1" + json.dumps({"resourceType": "DocumentReference", "description": "Discharge note", "date": "2026-10-02",
    "content": [{"attachment": {"contentType": "text/plain; charset=utf-8", "title": "Discharge",
                                "data": base64.b64encode(b"Follow up with Dr. Patel in 2 weeks.").decode()}}]}).encode())
put("fhir-narrative", b"\1" + json.dumps({"resourceType": "DocumentReference",
    "content": [{"attachment": {"contentType": "text/html", "data": base64.b64encode(narratives[1].encode()).decode()}}]}).encode())
put("fhir-narrative", b"\1" + json.dumps({"resourceType": "Composition", "title": "Visit <b>summary</b>", "date": "2026-11-01T10:00:00Z",
    "text": {"div": narratives[0]}, "section": [{"title": "Plan", "text": {"div": narratives[2]}, "section": [{"title": "Sub", "text": {"div": "<div>ok</div>"}}]}]}).encode())
put("fhir-narrative", b"\1" + json.dumps({"title": "Note", "text": {"div": narratives[3]}}).encode())

# Reminder times (the first byte picks the zone and reference moment).
for index, text in enumerate([
    "remind me tomorrow at 7pm to call grandma", "every other Tuesday at 6:30 soccer pickup", "in 2 hours take the roast out",
    "next friday at noon", "every day at 8am vitamins", "on March 3rd at 9:15 dentist", "every 2 hours drink water",
    "tonight", "this weekend clean the garage", "at 25:99", "every weekday at 7", "the 31st", "Nov 30 2027 at 23:59",
    "every 30 minutes", "monday morning", "in 3 weeks", "half past four", "quarter to 8 on sunday",
]):
    put("natural-time", bytes([index * 9 % 256]) + text.encode())

# Conversations (first byte even: messages split at 0x1E) and chat templates (odd).
for index, messages in enumerate([
    ["You are HomeOS.", "What's for dinner?", "Tacos.", "And tomorrow?"],
    ["", "  spaced  ", "<|im_end|> injected", "[INST] x [/INST]"],
    ["Be brief.", "Hola, ¿qué tal? 😀"],
]):
    put("chat-template", bytes([index * 2]) + "\x1e".join(messages).encode())
for template in [
    "{% for message in messages %}{{'<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n'}}{% endfor %}",
    "{{ bos_token }}{% for message in messages %}<start_of_turn>{{ message['role'] }}\n{{ message['content'] | trim }}<end_of_turn>\n{% endfor %}",
    "{% set content = '<|start_header_id|>' + message['role'] + '<|end_header_id|>\n\n' %}",
    "[INST] {{ message['content'] }} [/INST]",
    "no template markers at all",
]:
    put("chat-template", b"\1" + template.encode())

# Safety-plan worksheets: typed, scanned (OCR misreads), one-line headings, and none.
put("safety-plan-worksheet", """Step 1: Warning signs: not sleeping, pulling away
Step 2: Internal coping strategies
1. Run by the river
Step 3: People and social settings that provide distraction
Name: Tony (neighbor) Phone: 555.410.2231
Step 4: People whom I can ask for help
Sarah - my sister (555) 867-5309
Step 5: Professionals or agencies I can contact during a crisis
Dr. Patel 555-342-1188 ext. 204
Suicide Prevention Lifeline Phone: 988
Step 6: Making the environment safe
Give my pistol to Mike
Step 7: The one thing that is most important to me and worth living for is:
My daughters
""")
put("safety-plan-worksheet", """Patient Safety Plan Template
Stcp 1: Waming signs (thoughts, images, mood, situation, behavior) that a crisis may be developing:
1. Drinking alone ______
STEP 4 : People whom I can ask for
help:
1. Name: Mike R.
   Phone: 555 201 7788
Safety Plan Template ©2008 Barbara Stanley and Gregory K. Brown, is reprinted with the express permission of the authors.
""")
put("safety-plan-worksheet", "Reasons for living: my dog\nWarning signs:\n- I stop answering texts\n")
put("safety-plan-worksheet", "just some text with no headings\n")
