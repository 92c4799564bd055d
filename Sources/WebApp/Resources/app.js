/* HomeOS browser front end. Plain ES2020, no libraries, no build step.
   Server data is inserted with textContent/createElement only; the sole
   exceptions are chat Turn.html and approval result.html, which the server
   sanitizes before sending. */
"use strict";

const PAGES = ["chat", "approvals", "today", "family", "models"];
const MODEL_STATES = { installed: "Downloaded", notInstalled: "Not downloaded", partial: "Partly downloaded" };

const state = {
  page: null, chat: null,                   // current page; AbortController of the streaming answer
  resolved: new Map(), deciding: new Set(), // decided approvals (id -> {approval, result}); ids in flight
  today: null, todayLoaded: false, liveNotes: [],
  forms: null, familyLoaded: false,         // family form definitions are built once
  models: null, modelsLoaded: false, downloads: new Map(), switching: null,
  toastTimer: 0,
};

let uid = 0;

// ---------------------------------------------------------------- DOM helpers
/** Shorthand for document.getElementById. */
const $ = (id) => document.getElementById(id);

/** Creates an element; props are className, text or attributes (null/false skipped). */
function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value == null || value === false) continue;
    if (key === "className") node.className = value;
    else if (key === "text") node.textContent = String(value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  node.append(...children.filter((child) => child != null && child !== false));
  return node;
}

/** Returns a new id unique within the page. */
const nextId = (prefix) => `${prefix}-${++uid}`;

/** Shows an error (or clears the area when error is empty) in a role="alert" element. */
function showError(areaId, error) {
  const area = $(areaId);
  if (area) area.textContent = error ? error.message || String(error) : "";
}

/** Runs an async task, showing its error in areaId (cleared on success); returns its result. */
async function attempt(areaId, task) {
  try {
    const result = await task();
    showError(areaId, null);
    return result;
  } catch (error) {
    showError(areaId, error);
    return undefined;
  }
}

/** Replaces a list's items and toggles its "nothing here" paragraph. */
function fillList(listId, items, render) {
  const list = $(listId);
  list.replaceChildren(...(items || []).map(render));
  const empty = document.querySelector(`[data-empty-for="${listId}"]`);
  if (empty) empty.hidden = list.children.length > 0;
}

/** Re-renders inside a container and puts focus back on the element with the same data-key. */
function keepFocus(container, render) {
  const active = document.activeElement;
  const key = active && container.contains(active) ? active.dataset.key : null;
  render();
  if (!key) return;
  const again = [...container.querySelectorAll("[data-key]")].find((node) => node.dataset.key === key);
  if (again) again.focus();
}

/** Focuses a fallback element when a re-render dropped the focused control. */
function rescueFocus(id) {
  if (document.activeElement === document.body || !document.activeElement) $(id).focus();
}

/** Sets an attribute, or removes it when value is empty. */
function setAttr(node, name, value) {
  if (value) node.setAttribute(name, value);
  else node.removeAttribute(name);
}

/** Marks a button busy without disabling it (keeps focus); returns false if it already was. */
function setBusy(button, busy, text) {
  if (busy && isBusy(button)) return false;
  if (busy) button.dataset.label = button.textContent;
  const label = busy ? text : button.dataset.label;
  if (label) button.textContent = label;
  setAttr(button, "aria-busy", busy && "true");
  setAttr(button, "aria-disabled", busy && "true");
  return true;
}

/** True when a button is marked busy. */
const isBusy = (button) => button.getAttribute("aria-busy") === "true";

/** Formats an ISO date as a local time ("08:30"), or date and time when full is set. */
function formatTime(iso, full = false) {
  const date = new Date(iso);
  if (isNaN(date)) return "";
  return full ? date.toLocaleString([], { dateStyle: "medium", timeStyle: "short" })
    : date.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

/** Formats a byte count ("1.2 GB"). */
function formatBytes(bytes) {
  if (bytes == null) return "";
  const units = ["B", "KB", "MB", "GB", "TB"];
  let value = Number(bytes);
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) { value /= 1000; unit += 1; }
  return `${value.toFixed(unit === 0 || value >= 10 ? 0 : 1)} ${units[unit]}`;
}

/** Parses JSON, returning {} for empty or malformed input. */
function parseJSON(text) {
  try { return text ? JSON.parse(text) || {} : {}; } catch { return {}; }
}

// ---------------------------------------------------------------- HTTP
/** Reads the CSRF token from the homeos_csrf cookie. */
function csrfToken() {
  for (const part of document.cookie.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === "homeos_csrf") return decodeURIComponent(rest.join("="));
  }
  return "";
}

/** Builds fetch options; non-GET requests get JSON and CSRF headers. */
function requestInit(method, body, accept) {
  const headers = { Accept: accept };
  const init = { method, headers, credentials: "same-origin" };
  if (method !== "GET") {
    headers["Content-Type"] = "application/json";
    headers["X-CSRF-Token"] = csrfToken();
    if (body !== undefined) init.body = JSON.stringify(body);
  }
  return init;
}

/** Builds an Error carrying .status, .message (body.error) and .fields. */
function httpError(status, data) {
  const error = new Error((data && data.error) || `Something went wrong (HTTP ${status}).`);
  error.status = status;
  error.fields = (data && data.fields) || {};
  return error;
}

/** fetch() that turns network failures into a friendly Error (aborts pass through). */
function send(path, init) {
  return fetch(path, init).catch((error) => {
    throw error.name === "AbortError" ? error : new Error("Can't reach HomeOS right now. Check that it is running and try again.");
  });
}

/** JSON request helper used for every JSON call; throws on non-2xx. */
async function api(method, path, body) {
  const response = await send(path, requestInit(method, body, "application/json"));
  const data = parseJSON(await response.text());
  if (!response.ok) throw httpError(response.status, data);
  return data;
}

/** POSTs and returns a response whose body is a server-sent event stream. */
async function postStream(path, body, signal) {
  const init = requestInit("POST", body, "text/event-stream");
  init.signal = signal;
  const response = await send(path, init);
  if (!response.ok) throw httpError(response.status, parseJSON(await response.text()));
  if (!response.body) throw new Error("This browser can't read streamed answers.");
  return response;
}

/** Reads an SSE body, calling onEvent(name, data) per event (data parsed as JSON). */
async function readSSE(response, onEvent) {
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "", name = "", data = [];
  for (;;) {
    const { value, done } = await reader.read();
    buffer += decoder.decode(value || new Uint8Array(), { stream: !done });
    const lines = buffer.split(/\r?\n/);
    buffer = done ? "" : lines.pop();
    if (done) lines.push("");
    for (const line of lines) {
      if (line === "") { // a blank line ends the event
        if (name || data.length) onEvent(name || "message", parseJSON(data.join("\n")));
        name = "";
        data = [];
      } else if (!line.startsWith(":")) {
        const [, field, text = ""] = /^([^:]*)(?:: ?(.*))?$/.exec(line);
        if (field === "event") name = text;
        else if (field === "data") data.push(text);
      }
    }
    if (done) return;
  }
}

// ---------------------------------------------------------------- routing
/** Shows the page named by the hash ("chat" when empty; other anchors are ignored). */
function route(moveFocus) {
  const page = location.hash.slice(1) || "chat";
  if (PAGES.includes(page)) showPage(page, moveFocus);
}

/** Shows one section, hides the others, marks the nav link and loads its data. */
function showPage(page, moveFocus) {
  const previous = state.page;
  if (state.page === "approvals" && page !== "approvals") state.resolved.clear();
  state.page = page;
  for (const name of PAGES) $(`page-${name}`).hidden = name !== page;
  for (const link of document.querySelectorAll("nav a[data-page]")) setAttr(link, "aria-current", link.dataset.page === page && "page");
  if (moveFocus) $(`page-${page}`).querySelector("h2").focus();
  // Back on chat, pick up what happened elsewhere (an approval's outcome, another device's turns).
  if (page === "chat" && previous && previous !== "chat" && !state.chat) loadConversation();
  if (page === "approvals") loadApprovals();
  else if (page === "today") loadToday();
  else if (page === "family") loadFamily();
  else if (page === "models") loadModels();
}

// ---------------------------------------------------------------- chat
/** Loads the saved conversation. */
async function loadConversation() {
  const data = await attempt("chat-error", () => api("GET", "/api/conversation"));
  if (data) renderConversation(data.turns || []);
}

/** Replaces the message list with the given turns. */
function renderConversation(turns) {
  const box = $("messages");
  box.replaceChildren(...turns.map(renderTurn));
  updateChatEmpty();
  box.scrollTop = box.scrollHeight;
}

/** Shows the friendly hint when the conversation is empty. */
function updateChatEmpty() {
  $("chat-empty").hidden = $("messages").children.length > 0;
}

/** Builds one conversation turn: bubble, meta line, feedback and approval link. */
function renderTurn(turn) {
  const isPerson = turn.role === "person";
  const who = isPerson ? "person" : "assistant";
  const wrap = el("div", { className: `turn ${who}`, "data-id": turn.id },
    el("span", { className: "visually-hidden", text: isPerson ? "You said:" : "HomeOS said:" }));
  const bubble = el("div", { className: `bubble ${who}` });
  if (isPerson || !turn.html) bubble.textContent = turn.text || "";
  else bubble.innerHTML = turn.html; // server-sanitized HTML
  if (turn.crisis) bubble.classList.add("crisis");
  wrap.append(bubble);
  if (!isPerson) {
    const footer = el("div", { className: "turn-footer" }, el("span", { className: "meta", text: metaText(turn) }));
    if (turn.turn) footer.append(renderFeedback(turn));
    wrap.append(footer);
  }
  if (turn.approval) wrap.append(el("a", { className: "approval-link", href: "#approvals", text: "Review in Approvals" }));
  return wrap;
}

/** "skill · 812 ms" text for an assistant turn. */
const metaText = (turn) => [turn.skill || "no skill", turn.ms != null ? `${Math.round(turn.ms)} ms` : ""].filter(Boolean).join(" · ");

/** A thumb drawn in SVG (no emoji font is needed); pointing down for "bad". */
function thumbIcon(up) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("width", "18");
  svg.setAttribute("height", "18");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const path = document.createElementNS(ns, "path");
  path.setAttribute("d", "M2 10h4v11H2z M8 21h9.5a2 2 0 0 0 2-1.6l1.4-7A2 2 0 0 0 19 10h-5l.8-4.2A2 2 0 0 0 12.8 3.5L8 10z");
  path.setAttribute("fill", "currentColor");
  if (!up) path.setAttribute("transform", "rotate(180 12 12)");
  svg.append(path);
  return svg;
}

/** Thumbs up/down buttons that post /api/feedback. */
function renderFeedback(turn) {
  const box = el("div", { className: "feedback" });
  const buttons = [[true, "Good answer"], [false, "Bad answer"]].map(([positive, label]) => {
    const button = el("button", {
      type: "button", className: `thumb ${positive ? "up" : "down"}`, "aria-label": label,
      "aria-pressed": String(turn.feedback === positive),
    });
    button.append(thumbIcon(positive));
    button.addEventListener("click", () => sendFeedback(turn.turn, positive, buttons));
    return button;
  });
  box.append(...buttons);
  return box;
}

/** Records feedback for a turn and updates aria-pressed. */
async function sendFeedback(id, positive, buttons) {
  if (buttons.some(isBusy)) return;
  buttons.forEach((button) => setBusy(button, true));
  const ok = await attempt("chat-error", () => api("POST", "/api/feedback", { turn: id, positive }));
  buttons.forEach((button) => setBusy(button, false));
  if (!ok) return;
  buttons[0].setAttribute("aria-pressed", String(positive));
  buttons[1].setAttribute("aria-pressed", String(!positive));
}

/** Runs a DOM change in the message list, keeping it pinned to the bottom if it was. */
function withScroll(change) {
  const box = $("messages");
  const stick = box.scrollHeight - box.scrollTop - box.clientHeight < 80;
  change(box);
  if (stick) box.scrollTop = box.scrollHeight;
}

/** Switches the composer between idle and streaming states. */
function setStreaming(on) {
  $("send-button").disabled = on;
  $("stop-button").hidden = !on;
  $("messages").setAttribute("aria-busy", String(on));
  if (!on && document.activeElement === document.body) $("chat-input").focus();
}

/** Creates the streaming draft bubble for an answer. */
function createDraft() {
  const bubble = el("div", { className: "bubble assistant draft", "data-streaming": "true" });
  const wrap = el("div", { className: "turn assistant" },
    el("span", { className: "visually-hidden", text: "HomeOS is answering:" }), bubble);
  return { wrap, bubble };
}

/** Ends a draft that got no final entry: marks it stopped, or drops it if empty. */
function finishDraft(draft, stopped) {
  draft.bubble.removeAttribute("data-streaming");
  draft.bubble.classList.remove("draft");
  if (stopped) {
    draft.bubble.classList.add("stopped");
    draft.bubble.append(el("span", { className: "stopped-note", text: " (stopped)" }));
  } else if (!draft.bubble.textContent.trim()) {
    draft.wrap.remove();
  }
  updateChatEmpty();
}

/** Sends a message and streams the answer into a draft bubble. */
async function sendMessage(text) {
  const controller = new AbortController();
  state.chat = controller;
  showError("chat-error", null);
  const draft = createDraft();
  withScroll((box) => box.append(renderTurn({ role: "person", text }), draft.wrap));
  updateChatEmpty();
  setStreaming(true);
  let finished = false;
  try {
    const response = await postStream("/api/chat", { message: text }, controller.signal);
    await readSSE(response, (event, data) => {
      if (event === "token") withScroll(() => draft.bubble.append(data.text || ""));
      else if (event === "reset") draft.bubble.textContent = "";
      else if (event === "error") showError("chat-error", new Error(data.message || "The answer could not be finished."));
      else if (event === "done" && data.entry) {
        withScroll(() => draft.wrap.replaceWith(renderTurn(data.entry)));
        finished = true;
      }
    });
  } catch (error) {
    if (error.name !== "AbortError") {
      showError("chat-error", error);
      if (error.status && !$("chat-input").value) $("chat-input").value = text;
    }
  }
  if (!finished) finishDraft(draft, controller.signal.aborted);
  state.chat = null;
  setStreaming(false);
}

/** Sends the composer's text unless an answer is already streaming. */
function submitChat() {
  const input = $("chat-input");
  const text = input.value.trim();
  if (state.chat || !text) return;
  input.value = "";
  input.focus();
  sendMessage(text);
}

/** Clears the conversation after confirmation. */
async function clearConversation() {
  if (!window.confirm("Clear the whole conversation? This can't be undone.")) return;
  if (state.chat) state.chat.abort();
  const data = await attempt("chat-error", () => api("DELETE", "/api/conversation"));
  if (data) renderConversation(data.turns || []);
}

/** Wires up the chat form, Enter-to-send, Stop and Clear. */
function bindChat() {
  $("chat-form").addEventListener("submit", (event) => { event.preventDefault(); submitChat(); });
  $("chat-input").addEventListener("keydown", (event) => {
    if (event.key !== "Enter" || event.shiftKey || event.isComposing) return;
    event.preventDefault();
    submitChat();
  });
  $("stop-button").addEventListener("click", () => { if (state.chat) state.chat.abort(); });
  $("clear-button").addEventListener("click", clearConversation);
}

// ---------------------------------------------------------------- approvals
/** Loads pending approvals, updates the badge and the list. */
async function loadApprovals() {
  const data = await attempt("approvals-error", () => api("GET", "/api/approvals"));
  if (!data) return;
  setApprovalCount((data.approvals || []).length);
  renderApprovals(data.approvals || []);
}

/** Updates the badge on the Approvals tab. */
function setApprovalCount(count) {
  const n = Math.max(0, Number(count) || 0);
  $("approvals-count").textContent = String(n);
  $("approvals-count").hidden = $("approvals-count-label").hidden = n === 0;
}

/** Updates the card list in place (keeps focus and decided cards with their result). */
function renderApprovals(pending) {
  const box = $("approvals-list");
  const wanted = new Set([...pending.map((a) => a.id), ...state.resolved.keys()]);
  const existing = new Map();
  for (const card of [...box.children]) {
    if (wanted.has(card.dataset.id)) existing.set(card.dataset.id, card);
    else card.remove();
  }
  for (const approval of pending) {
    if (!existing.has(approval.id)) box.append(renderApproval(approval));
  }
  for (const [id, { approval, result }] of state.resolved) {
    if (!existing.has(id)) {
      const card = renderApproval(approval);
      showApprovalResult(card, result);
      box.append(card);
    }
  }
  const empty = document.querySelector('[data-empty-for="approvals-list"]');
  empty.hidden = box.children.length > 0;
}

/** Builds one approval card. */
function renderApproval(approval) {
  const titleId = nextId("approval-title");
  const risk = ["low", "medium", "high"].includes(approval.risk) ? approval.risk : "medium";
  const card = el("article", { className: "approval-card card", "data-id": approval.id, "aria-labelledby": titleId },
    el("div", { className: "card-head" },
      el("h3", { id: titleId, tabindex: "-1", text: approval.summary }),
      el("span", { className: `risk risk-${risk}`, text: `${risk[0].toUpperCase()}${risk.slice(1)} risk` })),
    el("p", { className: "muted small", text: [approval.skill, formatTime(approval.createdAt, true)].filter(Boolean).join(" · ") }));
  if (approval.details && approval.details.length) {
    const list = el("dl", { className: "details" });
    for (const detail of approval.details) list.append(el("dt", { text: detail.label }), el("dd", { text: detail.value }));
    card.append(list);
  }
  card.append(
    el("p", { className: "outcome" }, el("strong", { text: "If approved: " }), approval.onApprove || ""),
    el("p", { className: "outcome" }, el("strong", { text: "If denied: " }), approval.onDeny || ""));
  const approve = el("button", { type: "button", className: "approve primary", text: "Approve", "aria-describedby": titleId });
  const deny = el("button", { type: "button", className: "deny", text: "Deny", "aria-describedby": titleId });
  approve.addEventListener("click", () => decide(approval, "approve", card, approve));
  deny.addEventListener("click", () => decide(approval, "deny", card, deny));
  card.append(el("div", { className: "actions" }, approve, deny), el("div", { className: "result", role: "status" }));
  return card;
}

/** Approves or denies, then shows the result on the card. */
async function decide(approval, action, card, button) {
  if (state.deciding.has(approval.id)) return;
  state.deciding.add(approval.id);
  setBusy(button, true, action === "approve" ? "Approving…" : "Denying…");
  const path = `/api/approvals/${encodeURIComponent(approval.id)}/${action}`;
  const data = await attempt("approvals-error", () => api("POST", path, {}));
  state.deciding.delete(approval.id);
  if (!data) { setBusy(button, false); return; }
  const result = data.result || { type: "response", text: action === "approve" ? "Approved." : "Denied." };
  state.resolved.set(approval.id, { approval, result });
  showApprovalResult(card, result);
  card.querySelector("h3").focus();
}

/** Replaces a card's buttons with the decision result. */
function showApprovalResult(card, result) {
  card.classList.add("resolved");
  const actions = card.querySelector(".actions");
  if (actions) actions.remove();
  const box = card.querySelector(".result");
  if (result.html) box.innerHTML = result.html; // server-sanitized HTML
  else box.textContent = result.text || "";
  box.classList.toggle("error-result", result.type === "error");
}

// ---------------------------------------------------------------- today
/** Loads and renders the Today page. */
async function loadToday() {
  const data = await attempt("today-error", () => api("GET", "/api/today"));
  if (!data) return;
  state.today = data;
  state.todayLoaded = true;
  renderToday(data);
}

/** Renders the date, schedule, medications, reminders, briefing and notifications. */
function renderToday(today) {
  $("today-date").textContent = today.dateText || today.date || "";
  $("today-quiet").hidden = !today.quietHours;
  $("today-quiet").textContent = today.quietHours ? `Quiet hours: ${today.quietHours}` : "";
  const page = $("page-today");
  keepFocus(page, () => {
    fillList("today-events", today.events, renderEvent);
    fillList("today-medications", today.medications, renderMedication);
    fillList("today-reminders", today.reminders, renderReminder);
  });
  if (!isBusy($("briefing-button"))) renderBriefing(today.briefing);
  renderNotifications();
}

/** A "time / title / details" list item. */
function item(time, title, details, className = "") {
  const detailText = details.filter(Boolean).join(" · ");
  return el("li", { className: `item ${className}`.trim() },
    el("span", { className: "time", text: time || "" }),
    el("span", { className: "what" },
      el("span", { className: "title", text: title || "" }),
      detailText ? el("span", { className: "muted small", text: detailText }) : null));
}

/** One schedule entry. */
function renderEvent(event) {
  return item(event.time || "All day", event.title, [event.location, (event.members || []).join(", ")]);
}

/** One medication dose with its "Mark taken" button. */
function renderMedication(med) {
  const li = item(med.time, [med.name, med.dosage].filter(Boolean).join(" "), [med.member], med.taken ? "done" : "");
  return withAction(li, med.taken, "mark-taken", ["Mark taken", "Taken"], `med:${med.medicationID}:${med.time}`, () => {
    const path = `/api/medications/${encodeURIComponent(med.medicationID)}/taken`;
    return api("POST", path, { time: med.time }).then(() => { med.taken = true; });
  });
}

/** One reminder with its "Done" button. */
function renderReminder(reminder) {
  const due = reminder.due ? formatTime(reminder.due) || reminder.due : "";
  const li = item(due, reminder.title, [reminder.member], reminder.done ? "done" : "");
  return withAction(li, reminder.done, "mark-done", ["Done", "Completed"], `reminder:${reminder.id}`, () => {
    const path = `/api/reminders/${encodeURIComponent(reminder.id)}/done`;
    return api("POST", path, {}).then(() => { reminder.done = true; });
  });
}

/** Adds a one-shot button to a list item; once the action succeeds it becomes disabled. */
function withAction(li, done, className, [label, doneLabel], key, action) {
  const button = el("button", { type: "button", className, text: done ? doneLabel : label, "data-key": key });
  button.disabled = !!done;
  li.setAttribute("tabindex", "-1");
  button.addEventListener("click", async () => {
    if (!setBusy(button, true, "Saving…")) return;
    const ok = await attempt("today-error", async () => { await action(); return true; });
    setBusy(button, false);
    if (!ok) return;
    button.textContent = doneLabel;
    button.disabled = true;
    li.classList.add("done");
    li.focus();
  });
  li.append(button);
  return li;
}

/** Shows the morning briefing (or a hint when there is none). */
function renderBriefing(briefing) {
  const box = $("today-briefing");
  if (!briefing) return box.replaceChildren(el("p", { className: "empty", text: "No briefing yet today." }));
  const when = formatTime(briefing.at);
  const note = [when && `Written at ${when}`, briefing.usedModel ? "" : "without the language model"].filter(Boolean).join(" · ");
  box.replaceChildren(el("p", { className: "briefing-text", text: briefing.text || "" }),
    note ? el("p", { className: "muted small", text: note }) : null);
}

/** Asks the server to write the briefing (slow), with a busy state. */
async function writeBriefing() {
  const button = $("briefing-button");
  const box = $("today-briefing");
  if (!setBusy(button, true, "Writing…")) return;
  box.setAttribute("aria-busy", "true");
  const data = await attempt("today-error", () => api("POST", "/api/today/briefing", {}));
  box.setAttribute("aria-busy", "false");
  setBusy(button, false);
  if (!data) return;
  if (state.today) state.today.briefing = data.briefing;
  renderBriefing(data.briefing);
}

/** Renders server and live notifications, newest first, without duplicates. */
function renderNotifications() {
  const byKey = new Map();
  for (const note of [...state.liveNotes, ...((state.today && state.today.notifications) || [])]) {
    const key = `${note.at}|${note.title}|${note.body}`;
    if (!byKey.has(key)) byKey.set(key, note);
  }
  const time = (note) => Date.parse(note.at) || 0;
  fillList("today-notifications", [...byKey.values()].sort((a, b) => time(b) - time(a)), renderNotification);
}

/** One notification list item. */
function renderNotification(note) {
  const li = item(formatTime(note.at), note.title, [note.body, note.category], `note${note.urgent ? " urgent" : ""}`);
  if (note.urgent) li.querySelector(".what").prepend(el("span", { className: "urgent-label", text: "Urgent" }));
  return li;
}

/** Shows a short-lived toast for a live notification. */
function showToast(note) {
  const toast = $("toast");
  toast.classList.toggle("urgent", !!note.urgent);
  toast.replaceChildren(el("strong", { text: note.title || "Notification" }), note.body ? el("span", { text: ` ${note.body}` }) : null);
  clearTimeout(state.toastTimer);
  state.toastTimer = setTimeout(() => toast.replaceChildren(), 7000);
}

// ---------------------------------------------------------------- family
/** Fetches the family name for the header. */
async function loadFamilyName() {
  const data = await attempt("app-error", () => api("GET", "/api/family"));
  if (data) $("family-name").textContent = data.name || "";
}

/** Loads the form definitions (once) and the family records. */
async function loadFamily() {
  await attempt("family-error", async () => {
    if (!state.forms) {
      state.forms = (await api("GET", "/api/family/forms")).kinds || [];
      $("family-kinds").replaceChildren(...state.forms.map(buildKindCard));
    }
    const data = await api("GET", "/api/family");
    $("family-name").textContent = data.name || "";
    state.familyLoaded = true;
    renderRecords(data.records || {});
  });
}

/** Re-renders every kind's record list. */
function renderRecords(records) {
  for (const kind of state.forms) {
    const card = $(`family-${kind.kind}`);
    keepFocus(card, () => fillList(`records-${kind.kind}`, records[kind.kind], (record) => renderRecord(kind, record)));
  }
}

/** Builds the card for one kind: heading, record list and add/edit form. */
function buildKindCard(kind) {
  const headingId = `family-${kind.kind}-title`;
  return el("section", { className: "card kind", id: `family-${kind.kind}`, "aria-labelledby": headingId },
    el("h3", { id: headingId, tabindex: "-1", text: kind.title }),
    el("ul", { className: "records", id: `records-${kind.kind}` }),
    el("p", { className: "empty", "data-empty-for": `records-${kind.kind}`, hidden: true, text: `No ${kind.title.toLowerCase()} yet.` }),
    buildForm(kind));
}

/** One record with Edit and Delete buttons. */
function renderRecord(kind, record) {
  const edit = el("button", { type: "button", className: "edit", text: "Edit", "aria-label": `Edit ${record.title}`, "data-key": `edit:${record.id}` });
  const remove = el("button", { type: "button", className: "delete danger", text: "Delete", "aria-label": `Delete ${record.title}`, "data-key": `delete:${record.id}` });
  edit.addEventListener("click", () => editRecord(kind, record));
  remove.addEventListener("click", () => deleteRecord(kind, record));
  return el("li", { className: "record", "data-id": record.id },
    el("span", { className: "what" },
      el("span", { className: "title", text: record.title }),
      record.subtitle ? el("span", { className: "muted small", text: record.subtitle }) : null),
    el("span", { className: "record-actions" }, edit, remove));
}

/** Builds the add/edit form for a kind from its field definitions. */
function buildForm(kind) {
  const form = el("form", { id: `form-${kind.kind}`, className: "record-form", novalidate: true, "aria-labelledby": `form-${kind.kind}-title` });
  const submit = el("button", { type: "submit", className: "primary", text: `Add ${kind.singular}` });
  const cancel = el("button", { type: "button", text: "Cancel", hidden: true });
  form.append(
    el("h4", { id: `form-${kind.kind}-title`, text: `Add ${kind.singular}` }),
    el("p", { className: "help", text: "Fields marked * are required." }),
    el("div", { className: "error", role: "alert", id: `form-${kind.kind}-error` }),
    el("div", { className: "form-grid" }, ...kind.fields.map((field) => buildField(kind.kind, field))),
    el("div", { className: "actions" }, submit, cancel),
    el("p", { className: "form-status", role: "status", id: `form-${kind.kind}-status` }));
  form.addEventListener("submit", (event) => { event.preventDefault(); saveRecord(kind, form, submit); });
  cancel.addEventListener("click", () => cancelEdit(kind, form));
  return form;
}

/** Builds one labelled control with help text and an error slot. */
function buildField(kindName, field) {
  const id = `${kindName}-${field.name}`;
  const help = field.help ? el("p", { className: "help", id: `${id}-help`, text: field.help }) : null;
  const props = { id, name: field.name, required: !!field.required, "aria-describedby": help && help.id };
  let input;
  if (field.type === "select") {
    input = el("select", props, el("option", { value: "", text: field.required ? "Choose…" : "—" }));
    for (const option of field.options || []) input.append(el("option", { value: option.value, text: option.label }));
  } else if (field.type === "textarea") {
    input = el("textarea", { ...props, rows: "3" });
  } else {
    const type = ["text", "number", "date", "time", "datetime-local", "checkbox"].includes(field.type) ? field.type : "text";
    input = el("input", { ...props, type, step: type === "number" ? "any" : null });
  }
  const label = el("label", { for: id, text: field.label },
    field.required ? el("span", { className: "required", "aria-hidden": "true", text: " *" }) : null);
  const error = el("p", { className: "field-error", id: `${id}-error` });
  const wide = field.type === "textarea" ? " wide" : "";
  if (field.type === "checkbox") return el("div", { className: `field check${wide}` }, input, label, help, error);
  return el("div", { className: `field${wide}` }, label, input, help, error);
}

/** Reads a form's values: booleans for checkboxes, strings otherwise. */
function formValues(kind, form) {
  const values = {};
  for (const field of kind.fields) {
    const input = form.elements.namedItem(field.name);
    if (input) values[field.name] = input.type === "checkbox" ? input.checked : input.value;
  }
  return values;
}

/** Shows per-field messages (aria-invalid, aria-describedby) and clears the others. */
function showFieldErrors(kind, form, fields) {
  let first = null;
  for (const field of kind.fields) {
    const input = form.elements.namedItem(field.name);
    const error = $(`${kind.kind}-${field.name}-error`);
    if (!input || !error) continue;
    const message = fields[field.name] || "";
    error.textContent = message;
    setAttr(input, "aria-describedby", [field.help ? `${input.id}-help` : "", message ? error.id : ""].filter(Boolean).join(" "));
    setAttr(input, "aria-invalid", message && "true");
    if (message && !first) first = input;
  }
  if (first) first.focus();
}

/** Switches the form between "Add" (record empty) and "Edit record" mode. */
function setFormMode(kind, form, record) {
  form.querySelector("h4").textContent = record ? `Edit ${kind.singular}: ${record.title}` : `Add ${kind.singular}`;
  form.querySelector('button[type="submit"]').textContent = record ? "Save" : `Add ${kind.singular}`;
  form.querySelector('button[type="button"]').hidden = !record;
  if (record) form.dataset.editing = record.id;
  else delete form.dataset.editing;
}

/** Puts the form back into "Add" mode with empty fields and no errors. */
function resetForm(kind, form) {
  form.reset();
  setFormMode(kind, form, null);
  showError(`form-${kind.kind}-error`, null);
  showFieldErrors(kind, form, {});
}

/** Opens the kind's form pre-filled with a record's values. */
function editRecord(kind, record) {
  const form = $(`form-${kind.kind}`);
  resetForm(kind, form);
  for (const field of kind.fields) {
    const input = form.elements.namedItem(field.name);
    const value = (record.values || {})[field.name];
    if (input && input.type === "checkbox") input.checked = value === true || value === "true";
    else if (input) input.value = value == null ? "" : String(value);
  }
  setFormMode(kind, form, record);
  $(`form-${kind.kind}-status`).textContent = "";
  form.scrollIntoView({ block: "start" });
  form.querySelector("input, select, textarea").focus({ preventScroll: true });
}

/** Leaves edit mode and returns focus to the record's Edit button. */
function cancelEdit(kind, form) {
  const id = form.dataset.editing;
  resetForm(kind, form);
  const back = [...$(`records-${kind.kind}`).querySelectorAll("button.edit")].find((b) => b.dataset.key === `edit:${id}`);
  (back || form.querySelector("input, select, textarea")).focus();
}

/** Creates or updates a record; shows field errors on 400. */
async function saveRecord(kind, form, submit) {
  const editing = form.dataset.editing;
  const base = `/api/family/${encodeURIComponent(kind.kind)}`;
  if (!setBusy(submit, true, "Saving…")) return;
  try {
    const values = formValues(kind, form);
    if (editing) await api("PUT", `${base}/${encodeURIComponent(editing)}`, values);
    else await api("POST", base, values);
    setBusy(submit, false);
    resetForm(kind, form);
    $(`form-${kind.kind}-status`).textContent = editing ? "Saved." : `Added ${kind.singular}.`;
    await loadFamily();
    if (state.todayLoaded) loadToday();
  } catch (error) {
    setBusy(submit, false);
    $(`form-${kind.kind}-status`).textContent = "";
    showError(`form-${kind.kind}-error`, error);
    showFieldErrors(kind, form, error.fields || {});
  }
}

/** Deletes a record after confirmation. */
async function deleteRecord(kind, record) {
  if (!window.confirm(`Delete “${record.title}”? This can't be undone.`)) return;
  const path = `/api/family/${encodeURIComponent(kind.kind)}/${encodeURIComponent(record.id)}`;
  if (!(await attempt("family-error", () => api("DELETE", path)))) return;
  const form = $(`form-${kind.kind}`);
  if (form.dataset.editing === record.id) resetForm(kind, form);
  await loadFamily();
  rescueFocus(`family-${kind.kind}-title`);
  if (state.todayLoaded) loadToday();
}

// ---------------------------------------------------------------- models and skills
/** Loads models and skills. */
async function loadModels() {
  const data = await attempt("models-error", () => api("GET", "/api/models"));
  if (!data) return;
  state.models = data;
  state.modelsLoaded = true;
  renderModels();
}

/** Renders the status line, the model list and the skill list. */
function renderModels() {
  const data = state.models;
  if (!data) return;
  const models = data.models || [];
  const active = models.find((m) => m.active) || models.find((m) => m.id === data.active);
  const words = { ready: "ready", loading: "loading…", none: "not loaded" };
  $("model-state").textContent = state.switching ? "Switching model…"
    : active ? `Active model: ${active.name} (${words[data.state] || data.state})`
      : "No model is active yet. Download one, then choose Use.";
  keepFocus($("model-list"), () => fillList("model-list", models, renderModel));
  keepFocus($("skill-list"), () => fillList("skill-list", data.skills, renderSkill));
}

/** One model row with a Use or Download button and a progress bar while downloading. */
function renderModel(model) {
  const nameId = nextId("model-name");
  const installed = model.state === "installed";
  const li = el("li", { className: `item model${model.active ? " active" : ""}` },
    el("span", { className: "what" },
      el("span", { className: "title" }, el("span", { id: nameId, text: model.name }),
        model.active ? el("span", { className: "pill accent", text: "In use" }) : null,
        model.default ? el("span", { className: "pill", text: "Default" }) : null),
      el("span", { className: "muted small", text: [model.sizeText, model.memoryText, MODEL_STATES[model.state]].filter(Boolean).join(" · ") })));
  if (!installed || !model.active) {
    const button = el("button", {
      type: "button", className: installed ? "use-model" : "pull-model", "aria-describedby": nameId, "data-key": `model:${model.id}`,
      text: installed ? "Use" : model.state === "partial" ? "Resume download" : "Download",
    });
    if (installed ? state.switching === model.id : state.downloads.has(model.id)) setBusy(button, true, installed ? "Switching…" : "Downloading…");
    button.addEventListener("click", () => (installed ? useModel(model, button) : pullModel(model)));
    li.append(el("span", { className: "record-actions" }, button));
  }
  const download = state.downloads.get(model.id);
  if (download) li.append(renderProgress(model, download));
  return li;
}

/** Builds the progress bar for a download and remembers it for updates. */
function renderProgress(model, download) {
  download.bar = el("progress", { className: "pull-progress", max: "1", "aria-label": `Downloading ${model.name}` });
  download.label = el("span", { className: "muted small" });
  updateProgress(download);
  return el("div", { className: "progress-row" }, download.bar, download.label);
}

/** Updates a download's progress bar and text. */
function updateProgress(download) {
  if (!download.bar) return;
  if (download.fraction == null) download.bar.removeAttribute("value");
  else download.bar.value = Math.min(1, Math.max(0, download.fraction));
  const percent = download.fraction == null ? "" : `${Math.round(download.fraction * 100)}%`;
  const bytes = download.totalBytes ? `${formatBytes(download.receivedBytes)} of ${formatBytes(download.totalBytes)}` : formatBytes(download.receivedBytes);
  download.label.textContent = [percent, bytes, download.file].filter(Boolean).join(" · ") || "Starting…";
}

/** Streams a model download, updating the progress bar. */
async function pullModel(model) {
  if (state.downloads.has(model.id)) return;
  const download = { fraction: null, receivedBytes: 0, totalBytes: null, file: "" };
  state.downloads.set(model.id, download);
  renderModels();
  let failure = new Error("The download stopped before it finished. Try again to resume.");
  try {
    const response = await postStream(`/api/models/${encodeURIComponent(model.id)}/pull`, {});
    await readSSE(response, (event, data) => {
      const { fraction = null, receivedBytes = 0, totalBytes = null, file = "" } = data;
      if (event === "progress") updateProgress(Object.assign(download, { fraction, receivedBytes, totalBytes, file }));
      else if (event === "done") failure = null;
      else if (event === "error") failure = new Error(data.message || "The download failed.");
    });
  } catch (error) {
    failure = error;
  }
  state.downloads.delete(model.id);
  await loadModels();
  if (state.page === "models") rescueFocus("model-list-title");
  if (failure) showError("models-error", failure);
}

/** Makes a downloaded model the active one (can take seconds). */
async function useModel(model, button) {
  if (state.switching) return;
  state.switching = model.id;
  setBusy(button, true, "Switching…");
  $("model-state").textContent = `Switching to ${model.name}…`;
  const failure = await api("POST", "/api/models/active", { id: model.id }).then(() => null, (error) => error);
  state.switching = null;
  await loadModels();
  if (state.page === "models") rescueFocus("model-list-title");
  if (failure) showError("models-error", failure);
}

/** One skill with an on/off checkbox. */
function renderSkill(skill) {
  const id = nextId("skill");
  const box = el("input", { type: "checkbox", id, "aria-describedby": `${id}-desc`, "data-key": `skill:${skill.id}` });
  box.checked = !!skill.enabled;
  box.addEventListener("change", () => toggleSkill(skill, box));
  return el("li", { className: "item skill" }, box,
    el("span", { className: "what" },
      el("label", { for: id, text: skill.name }),
      el("span", { className: "muted small", id: `${id}-desc`, text: skill.summary })));
}

/** Turns a skill on or off; reverts the checkbox on failure. */
async function toggleSkill(skill, box) {
  const wanted = box.checked;
  const data = await attempt("models-error", () => api("POST", `/api/skills/${encodeURIComponent(skill.id)}`, { enabled: wanted }));
  if (data) skill.enabled = data.skill ? !!data.skill.enabled : wanted;
  box.checked = data ? skill.enabled : !wanted;
}

/** Handles a live model state change. */
async function onModelEvent(event) {
  if (state.modelsLoaded) await loadModels();
  if (event.state === "failed") showError("models-error", new Error(event.message || `The model ${event.id || ""} could not be loaded.`));
}

// ---------------------------------------------------------------- live events
/** Shows whether the live event stream is connected. */
function setLive(source) {
  const text = source.readyState === EventSource.OPEN ? ""
    : source.readyState === EventSource.CONNECTING ? "Live updates paused. Reconnecting…"
      : "Live updates are off. Reload the page to turn them back on.";
  $("live-status").textContent = text;
}

/** Subscribes once to /api/events. */
function connectEvents() {
  if (!("EventSource" in window)) return;
  const source = new EventSource("/api/events");
  const on = (name, handler) => source.addEventListener(name, (event) => handler(parseJSON(event.data)));
  on("notification", (note) => { state.liveNotes.unshift(note); renderNotifications(); showToast(note); });
  on("approvals", (data) => { setApprovalCount(data.count); if (state.page === "approvals") loadApprovals(); });
  on("family", () => {
    if (state.todayLoaded) loadToday();
    if (state.familyLoaded) loadFamily();
    else loadFamilyName();
  });
  on("model", onModelEvent);
  source.addEventListener("open", () => setLive(source));
  source.addEventListener("error", () => setLive(source));
}

// ---------------------------------------------------------------- start
/** Wires everything up and loads the first page. */
function init() {
  bindChat();
  $("briefing-button").addEventListener("click", writeBriefing);
  document.querySelector(".skip-link").addEventListener("click", (event) => { event.preventDefault(); $("main").focus(); });
  window.addEventListener("hashchange", () => route(true));
  route(false);
  loadConversation();
  loadFamilyName();
  if (state.page !== "approvals") loadApprovals();
  connectEvents();
}

init();
