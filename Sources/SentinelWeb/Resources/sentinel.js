// Sentinel's pages work as plain forms; this script adds what forms cannot do: the microphone
// recording, file uploads, the streamed report, the recheck timer and the idle lock.
// Nothing is kept in browser storage.
"use strict";

function csrfToken() {
  const match = document.cookie.match(/(?:^|;\s*)sentinel_csrf=([^;]+)/);
  return match ? decodeURIComponent(match[1]) : "";
}

async function post(path, body, contentType) {
  const response = await fetch(path, {
    method: "POST", body: body, credentials: "same-origin",
    headers: { "Content-Type": contentType || "application/octet-stream", "X-CSRF-Token": csrfToken() },
  });
  if (response.status === 401) { window.location.assign("/unlock"); throw new Error("Sentinel is locked."); }
  let payload = null;
  try { payload = await response.json(); } catch (error) { payload = null; }
  if (!response.ok) { throw new Error(payload && payload.error ? payload.error : "The server answered " + response.status + "."); }
  return payload;
}

function show(id, text, isError) {
  const element = document.getElementById(id);
  if (!element) { return; }
  element.textContent = text;
  element.classList.toggle("form-error", !!isError);
}

// The idle lock: after the idle time without a key press, tap or click, go to the unlock page
// (the server has locked by then). Activity is reported at most every 20 s so the server's
// timer agrees with what the person is doing (typing a long note is not idle).
function setUpIdleLock() {
  const seconds = Number(document.body.dataset.idleSeconds || 0);
  if (!seconds) { return; }
  let last = Date.now();
  let reported = Date.now();
  const activity = () => {
    last = Date.now();
    if (last - reported > 20000) {
      reported = last;
      post("/api/activity", "", "text/plain").catch(() => {});
    }
  };
  ["keydown", "pointerdown", "input"].forEach((name) => document.addEventListener(name, activity, { passive: true }));
  setInterval(() => {
    if (Date.now() - last > seconds * 1000 + 1500 && !window.sentinelRecording) {
      window.location.assign("/unlock");
    }
  }, 1000);
}

// WAV: 16-bit PCM, mono, at the recording's sample rate.
function encodeWAV(chunks, sampleRate) {
  const length = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const buffer = new ArrayBuffer(44 + length * 2);
  const view = new DataView(buffer);
  const text = (offset, value) => { for (let i = 0; i < value.length; i++) { view.setUint8(offset + i, value.charCodeAt(i)); } };
  text(0, "RIFF"); view.setUint32(4, 36 + length * 2, true); text(8, "WAVE");
  text(12, "fmt "); view.setUint32(16, 16, true); view.setUint16(20, 1, true); view.setUint16(22, 1, true);
  view.setUint32(24, sampleRate, true); view.setUint32(28, sampleRate * 2, true); view.setUint16(32, 2, true); view.setUint16(34, 16, true);
  text(36, "data"); view.setUint32(40, length * 2, true);
  let offset = 44;
  for (const chunk of chunks) {
    for (let i = 0; i < chunk.length; i++, offset += 2) {
      const sample = Math.max(-1, Math.min(1, chunk[i]));
      view.setInt16(offset, sample < 0 ? sample * 0x8000 : sample * 0x7fff, true);
    }
  }
  return new Blob([buffer], { type: "audio/wav" });
}

function setUpRecorder() {
  const start = document.getElementById("record-start");
  const stop = document.getElementById("record-stop");
  if (!start || !stop) { return; }
  const timer = document.getElementById("record-timer");
  const maxSeconds = 60;
  let state = null;

  const finish = async () => {
    if (!state) { return; }
    const { context, stream, source, processor, chunks, ticker } = state;
    state = null;
    window.sentinelRecording = false;
    clearInterval(ticker);
    processor.disconnect(); source.disconnect();
    stream.getTracks().forEach((track) => track.stop());
    const sampleRate = context.sampleRate;
    await context.close();
    stop.disabled = true;
    start.disabled = false;
    show("voice-result", "Measuring your voice…");
    try {
      const result = await post("/checkin/voice", encodeWAV(chunks, sampleRate), "audio/wav");
      show("voice-result", result.summary);
      document.getElementById("voice-result").dataset.medianPitch = result.medianPitch || "";
      document.getElementById("voice-result").dataset.pausesPerMinute = result.pausesPerMinute;
      document.getElementById("voice-result").dataset.pauseCount = result.pauseCount;
    } catch (error) {
      show("voice-result", error.message, true);
    }
  };

  start.addEventListener("click", async () => {
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false, channelCount: 1 },
      });
      const context = new AudioContext();
      const source = context.createMediaStreamSource(stream);
      const processor = context.createScriptProcessor(4096, 1, 1);
      const chunks = [];
      processor.onaudioprocess = (event) => chunks.push(new Float32Array(event.inputBuffer.getChannelData(0)));
      source.connect(processor);
      processor.connect(context.destination);
      const began = Date.now();
      const ticker = setInterval(() => {
        const seconds = Math.floor((Date.now() - began) / 1000);
        timer.textContent = seconds + " s";
        if (seconds >= maxSeconds) { finish(); }
      }, 250);
      state = { context, stream, source, processor, chunks, ticker };
      window.sentinelRecording = true;
      start.disabled = true;
      stop.disabled = false;
      show("voice-result", "Recording… talk about your day. Stop after 30 to 60 seconds.");
    } catch (error) {
      show("voice-result", "The microphone is not available (" + error.message + "). You can skip this.", true);
    }
  });
  stop.addEventListener("click", finish);
}

function setUpUploads() {
  document.querySelectorAll("input[type=file][data-upload]").forEach((input) => {
    input.addEventListener("change", async () => {
      const file = input.files[0];
      if (!file) { return; }
      show(input.id + "-result", "Reading " + file.name + "…");
      try {
        const result = await post(input.dataset.upload, file, file.type || "application/octet-stream");
        show(input.id + "-result", "Read: " + (result.summary || []).toString());
      } catch (error) {
        show(input.id + "-result", error.message, true);
      }
      input.value = "";  // the same file can be sent again
    });
  });
  const image = document.getElementById("hope-image");
  if (image) {
    image.addEventListener("change", async () => {
      const file = image.files[0];
      const caption = document.getElementById("hope-caption").value.trim();
      if (!file) { return; }
      try {
        await post("/hope/images?caption=" + encodeURIComponent(caption), file, file.type || "application/octet-stream");
        window.location.reload();
      } catch (error) {
        show("hope-image-result", error.message, true);
      }
      image.value = "";
    });
  }
  const record = document.getElementById("record-file");
  if (record) {
    record.addEventListener("change", async () => {
      const file = record.files[0];
      if (!file) { return; }
      show("record-file-result", "Reading " + file.name + "…");
      try {
        const result = await post("/records?name=" + encodeURIComponent(file.name), file, "application/json");
        show("record-file-result", result.message);
        document.getElementById("record-count").textContent = result.count;
      } catch (error) {
        show("record-file-result", error.message, true);
      }
      record.value = "";
    });
  }
}

function setUpReports() {
  const output = document.getElementById("report-output");
  if (!output) { return; }
  const print = document.getElementById("report-print");
  print.addEventListener("click", () => window.print());
  document.querySelectorAll(".report-button").forEach((button) => {
    button.addEventListener("click", async () => {
      output.textContent = "";
      output.setAttribute("aria-busy", "true");
      print.hidden = true;
      try {
        const response = await fetch("/reports/sbar?for=" + encodeURIComponent(button.dataset.recipient), {
          method: "POST", credentials: "same-origin", headers: { "X-CSRF-Token": csrfToken() },
        });
        if (!response.ok) { throw new Error("The report could not be written (" + response.status + ")."); }
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) { break; }
          output.textContent += decoder.decode(value, { stream: true });
        }
        print.hidden = false;
      } catch (error) {
        output.textContent = error.message;
      }
      output.removeAttribute("aria-busy");
    });
  });
}

function setUpRecheck() {
  const section = document.getElementById("recheck");
  const countdown = document.getElementById("recheck-countdown");
  if (!section || !countdown || !section.dataset.due) { return; }
  const due = Number(section.dataset.due);
  const tick = () => {
    const left = Math.max(0, Math.round((due - Date.now()) / 1000));
    if (left === 0) {
      countdown.textContent = "now";
      section.classList.add("due");
      return;
    }
    countdown.textContent = Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0");
    setTimeout(tick, 1000);
  };
  tick();
}

document.addEventListener("DOMContentLoaded", () => {
  setUpIdleLock();
  setUpRecorder();
  setUpUploads();
  setUpReports();
  setUpRecheck();
});
