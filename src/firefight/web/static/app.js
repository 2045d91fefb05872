// The GM's and the players' page: everything it shows comes from the JSON API (docs/api.md),
// everything it does goes through it; no rules here.
"use strict";

const ROLE = document.body.dataset.role;
const TOKEN = new URLSearchParams(location.search).get("token") || "";
const $ = (id) => document.getElementById(id);

let encounter = new URLSearchParams(location.search).get("encounter");
let head = null;
let view = null;
let verbs = [];
let composedLine = "";
let source = null;

async function api(method, path, body) {
  const response = await fetch(path, {
    method,
    headers: { Authorization: "Bearer " + TOKEN, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const type = response.headers.get("content-type") || "";
  const data = type.includes("json") ? await response.json() : await response.text();
  if (!response.ok) {
    const error = new Error((data && data.message) || response.statusText);
    error.status = response.status;
    error.data = data;
    throw error;
  }
  return data;
}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== null && value !== undefined && value !== false) node.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function say(id, text, kind) {
  const node = $(id);
  node.textContent = text;
  node.className = "msg" + (kind ? " " + kind : "");
}

function failure(error) {
  const data = error.data || {};
  if (data.error === "refused") return `Refused (${data.rule}): ${data.message}`;
  if (data.error === "conflict") {
    return `Someone else changed the fight first (you saw record ${data.expected_head}, ` +
      `it is now at ${data.actual_head}); the page has been brought up to date.`;
  }
  return data.message || error.message;
}

// --- reading ---------------------------------------------------------------------------------

async function refresh() {
  if (!encounter) return;
  const path = "/api/encounters/" + encodeURIComponent(encounter);
  const [shown, log] = await Promise.all([api("GET", path), api("GET", path + "/log")]);
  view = shown;
  head = shown.head;
  if (ROLE === "gm") relist();
  // The whole line's example names whoever is up (DEC-746): it comes with the state, so it
  // follows the turn.
  $("line").placeholder = shown.example ? "e.g. " + shown.example : "";
  renderTurn();
  renderActors();
  renderState();
  renderLog(log.records);
  await renderMap();
}

async function renderMap() {
  let path = "/api/encounters/" + encodeURIComponent(encounter) + "/map.svg";
  if (composedLine) path += "?line=" + encodeURIComponent(composedLine);
  $("map").innerHTML = await api("GET", path);
}

function renderTurn() {
  const turn = $("turn");
  turn.replaceChildren(
    el("h2", {}, `${view.title} — round ${view.round}${view.decided ? " · " + view.decided : ""}`),
    el("div", {}, "Initiative: ", view.initiative.map((g) => g.join(" & ")).join(" → ") || "—"),
    el("div", {}, "Up: ", view.up.join(", ") || "all done: next round"),
    el("div", {}, "Can act: ", view.can_act.join(", ") || "no one"),
    el("div", {}, `Log at record ${view.head}`),
  );
  if (ROLE === "player") {
    turn.append(el("div", {}, view.players_act ? "You may declare your actions." : "The GM declares the actions."));
    if (view.players_act) {
      turn.append(el("div", {}, view.players_roll ? "Roll your own dice and type the faces in." : "The server rolls your dice."));
    }
    $("composer").hidden = !view.players_act;
    // The GM decides who rolls: the player's faces, or the server (no seed of the player's).
    $("dice").hidden = !view.players_roll;
    $("dice-seeded").hidden = true;
    document.querySelector("input[name=dice][value=physical]").checked = true;
  } else {
    $("players-act").checked = view.settings.players_act;
    $("players-roll").checked = view.settings.players_roll;
  }
}

function renderActors() {
  const select = $("actor");
  const names = ROLE === "gm" ? view.rows.map((r) => r.name) : [view.you];
  const chosen = select.value;
  select.replaceChildren(...names.map((n) => el("option", { value: n }, n)));
  if (names.includes(chosen)) select.value = chosen;
}

let playerLinks = {};

function renderState() {
  const rows = view.rows;
  const columns = [];
  for (const r of rows) for (const key of Object.keys(r.row)) if (!columns.includes(key)) columns.push(key);
  const gm = ROLE === "gm";
  const header = el("tr", {}, columns.map((c) => el("th", {}, c)), gm ? [el("th", {}, "hidden"), el("th", {}, "figures open"), el("th", {}, "player")] : []);
  const body = rows.map((r) => {
    const cells = columns.map((c) => el("td", {}, r.row[c] ?? ""));
    if (gm) {
      const s = view.settings;
      cells.push(el("td", {}, el("input", { type: "checkbox", "data-hide": r.name, checked: s.hidden.includes(r.name) ? "checked" : null, onchange: saveTable })));
      cells.push(el("td", {}, el("input", { type: "checkbox", "data-open": r.name, checked: s.opened.includes(r.name) ? "checked" : null, onchange: saveTable })));
      const link = playerLinks[r.name];
      cells.push(el("td", {}, link ? el("a", { href: link, target: "_blank", rel: "noreferrer" }, "link") : ""));
    }
    const hidden = gm && view.settings.hidden.includes(r.name);
    return el("tr", { class: hidden ? "hidden-row" : "" }, cells);
  });
  $("state-table").replaceChildren(el("thead", {}, header), el("tbody", {}, body));
  $("scene-notes").replaceChildren(...(view.scene || []).map((line) => el("li", {}, line)));
}

function renderLog(records) {
  const items = records.slice().reverse().map((r) => {
    const outcome = r.result ? r.result.outcome : r.outcome;
    const title = r.kind === "round" ? `#${r.seq} ${r.text}` :
      r.kind === "undo" ? `#${r.seq} ${r.text}` : `#${r.seq} round ${r.round}: ${r.text}`;
    const item = el("li", { class: r.undone_by ? "undone" : "" },
      el("div", { class: "head" }, title, outcome && r.kind === "action" ? ` — ${outcome}` : "",
        r.undone_by ? ` (undone by #${r.undone_by})` : ""));
    for (const line of r.narration || []) item.append(el("div", { class: "narration" }, line));
    if (r.trace_text && r.trace_text.length) {
      item.append(el("details", {}, el("summary", {}, "trace"), el("pre", {}, r.trace_text.join("\n"))));
    }
    return item;
  });
  $("log-list").replaceChildren(...items);
}

// --- the action form, from the ruleset's declared verbs --------------------------------------

async function loadVerbs() {
  const found = await api("GET", "/api/encounters/" + encodeURIComponent(encounter) + "/verbs");
  verbs = found.verbs;
  $("rolls").placeholder = found.rolls_example ? "e.g. " + found.rolls_example : "";
  $("verb").replaceChildren(...verbs.map((v) => el("option", { value: v.verb }, v.verb)));
  renderOptions();
}

function renderOptions() {
  const verb = verbs.find((v) => v.verb === $("verb").value);
  $("words").placeholder = verb && verb.words ? verb.words : "(nothing)";
  // A player is not offered the GM's word (a GM's modifier...): it is refused them (DEC-956).
  const offered = (verb ? verb.options : []).filter((o) => ROLE === "gm" || !o.gm);
  const fields = offered.map((o) => {
    const title = [o.help, o.unit && `in ${o.unit}`, o.low != null && `from ${o.low}`, o.high != null && `to ${o.high}`].filter(Boolean).join(", ");
    let input;
    if (o.kind === "flag") {
      input = el("input", { type: "checkbox", "data-flag": o.flag, "data-kind": o.kind });
    } else if (o.choices && o.kind !== "many") {
      input = el("select", { "data-flag": o.flag, "data-kind": o.kind },
        el("option", { value: "" }, "—"), o.choices.map((c) => el("option", { value: c }, c)));
    } else {
      const numeric = o.kind === "int" || (o.low != null && o.high != null);
      input = el("input", { "data-flag": o.flag, "data-kind": o.kind, type: numeric ? "number" : "text",
        min: o.low, max: o.high, placeholder: o.kind === "many" ? "a, b" : "" });
    }
    return el("label", { title }, "--" + o.flag + " ", input);
  });
  $("options").replaceChildren(...fields);
}

function composed() {
  const typed = $("line").value.trim();
  if (typed) return { line: typed };
  const options = {};
  for (const input of $("options").querySelectorAll("[data-flag]")) {
    const flag = input.dataset.flag;
    if (input.type === "checkbox") { if (input.checked) options[flag] = true; continue; }
    const value = input.value.trim();
    if (!value) continue;
    options[flag] = input.dataset.kind === "many" ? value.split(",").map((v) => v.trim()).filter(Boolean) : value;
  }
  return { compose: { actor: $("actor").value, verb: $("verb").value, words: $("words").value, options } };
}

function dice() {
  if (ROLE === "player" && !view.players_roll) return {};
  const kind = document.querySelector("input[name=dice]:checked").value;
  if (kind === "physical") {
    // Sent as typed: the server reads each as a die face or a card (QH, 10S) and says why not.
    const typed = $("rolls").value.split(/[\s,]+/).filter(Boolean);
    return { rolls: typed };
  }
  const seed = seedIn("seed");
  return seed === null ? {} : { seed };
}

// A seed box holds a whole number or nothing (a random seed). What a number box cannot read
// ("abc", "1e") leaves its value empty: the forms' own checks stop their submit, but the next
// round's button is no submit and quietly rolled a random seed. Refused here, nothing sent.
// A number past 2^53 - 1 is kept by JavaScript as the nearest it holds, another seed than the
// one typed: refused too, as the API refuses it (DEC-957).
function seedIn(id) {
  const box = $(id);
  const seed = box.value.trim();
  if (box.validity.badInput || (seed && !/^\d+$/.test(seed))) {
    throw new Error("The seed is a whole number, 0 or more (or nothing, for a random one); nothing was sent.");
  }
  if (seed && !Number.isSafeInteger(Number(seed))) {
    throw new Error(`The seed is at most ${Number.MAX_SAFE_INTEGER}, the largest whole number a browser keeps exactly; nothing was sent.`);
  }
  return seed ? Number(seed) : null;
}

let oddsTimer = null;
// Each ask for odds is numbered; an answer that is no longer the last asked is dropped: odds
// still on the way when an action is committed were asked of the scene before it, or after it
// of a line just played (its turn spent), and would overwrite its message with a refusal.
let oddsAsked = 0;

function scheduleOdds() {
  clearTimeout(oddsTimer);
  oddsTimer = setTimeout(() => showOdds().catch(() => {}), 500);
}

function dropOdds() {
  clearTimeout(oddsTimer);
  oddsAsked += 1;
  // An answer still on the way will not be shown: its "odds…" goes too.
  if ($("odds").textContent === "odds…") $("odds").textContent = "";
}

async function showOdds() {
  const asked = ++oddsAsked;
  say("act-msg", "");
  $("odds").textContent = "odds…";
  try {
    const found = await api("POST", "/api/encounters/" + encodeURIComponent(encounter) + "/odds", composed());
    if (asked !== oddsAsked) return;
    composedLine = found.line;
    $("composed").textContent = found.line;
    const rows = Object.entries(found.outcomes).map(([word, p]) =>
      el("tr", {}, el("td", {}, word), el("td", {}, (100 * p).toFixed(1) + "%")));
    $("odds").replaceChildren(el("div", {}, `Odds (${found.method}${found.samples ? `, ${found.samples} samples` : ""}${found.note ? `, ${found.note}` : ""}):`), el("table", { id: "odds-table" }, rows));
  } catch (error) {
    if (asked !== oddsAsked) return;
    // A refused action is still drawn (its line of fire shows why, often enough).
    composedLine = (error.data && error.data.line) || "";
    $("composed").textContent = composedLine;
    $("odds").textContent = "";
    say("act-msg", failure(error), "error");
  }
  await renderMap();
}

async function commit(event) {
  event.preventDefault();
  dropOdds();
  say("act-msg", "…");
  try {
    const given = dice();
    const done = await api("POST", "/api/encounters/" + encodeURIComponent(encounter) + "/act",
      { ...composed(), dice: given, expected_head: head });
    // The record this made is the one the next commit builds on, before the refresh is back:
    // a second commit sent meanwhile would otherwise be refused as someone else's change.
    head = done.head;
    const outcome = done.result ? done.result.outcome : done.outcome;
    const used = done.dice ? ` (dice ${done.dice.used.join(", ") || "none"})` : "";
    say("act-msg", `#${done.head} ${done.text || done.record.text}: ${outcome}${used}${leftOver(done)}`, "ok");
    spent(given);
    composedLine = "";
    $("line").value = "";
    $("odds").textContent = "";
    $("composed").textContent = "";
  } catch (error) {
    say("act-msg", failure(error), "error");
  }
  await refresh();
}

// Faces typed that the rules did not ask for are named, as the command line names them: they
// are cleared with the rest, so the GM must hear they went unrolled (DEC-718).
function leftOver(done) {
  const unused = done.dice && done.dice.unused;
  return unused && unused.length ? `; ${unused.length} not needed: ${unused.join(", ")}` : "";
}

// Faces rolled at the table are rolled once: taken, they are cleared, not rolled again.
function spent(given) {
  if (given && given.rolls) $("rolls").value = "";
}

async function command(path, body, label) {
  dropOdds();
  try {
    const done = await api("POST", "/api/encounters/" + encodeURIComponent(encounter) + path, body);
    head = done.head;  // as in commit(): the next command builds on this record
    say("act-msg", `${label}: #${done.head} ${done.record.text}${leftOver(done)}`, "ok");
    spent(body.dice);
  } catch (error) {
    say("act-msg", failure(error), "error");
  }
  await refresh();
}

// --- the GM's table ---------------------------------------------------------------------------

async function saveTable() {
  const hidden = [...document.querySelectorAll("[data-hide]")].filter((i) => i.checked).map((i) => i.dataset.hide);
  const opened = [...document.querySelectorAll("[data-open]")].filter((i) => i.checked).map((i) => i.dataset.open);
  try {
    await api("PUT", "/api/encounters/" + encodeURIComponent(encounter) + "/table",
      { hidden, opened, players_act: $("players-act").checked, players_roll: $("players-roll").checked,
        // DEC-982: settings changed since this page read them are not overwritten; the
        // refusal is said and the page reads them again below.
        revision: view.settings.revision });
  } catch (error) {
    say("act-msg", failure(error), "error");
  }
  await refresh();
}

function listed(name, ruleset, records) {
  return `${name} (${ruleset}, ${records} record${records === 1 ? "" : "s"})`;
}

// The open encounter's entry in the list counts its records as they come, not as they were
// when the list was read.
function relist() {
  const entry = [...$("encounters").options].find((o) => o.value === encounter);
  if (entry) entry.textContent = listed(encounter, view.ruleset, view.head);
}

async function loadEncounters() {
  const found = await api("GET", "/api/encounters");
  const select = $("encounters");
  select.replaceChildren(...found.encounters.map((e) => el("option", { value: e.name }, listed(e.name, e.ruleset, e.records))));
  if (encounter) select.value = encounter;
  const scenarios = await api("GET", "/api/scenarios");
  $("create-example").replaceChildren(el("option", { value: "" }, "(upload a file)"),
    ...scenarios.scenarios.map((s) => el("option", { value: s }, s)));
  if (!found.encounters.length) $("create").hidden = false;
}

async function create(event) {
  event.preventDefault();
  const body = { name: $("create-name").value.trim() };
  const file = $("create-file").files[0];
  if ($("create-example").value) body.example = $("create-example").value;
  else if (file) body.scenario = await file.text();
  else { say("create-msg", "Pick a bundled scenario or a file.", "error"); return; }
  try {
    const seed = seedIn("create-seed");
    if (seed !== null) body.dice = { seed };
    await api("POST", "/api/encounters", body);
    say("create-msg", `Created ${body.name}.`, "ok");
    $("create").hidden = true;
    await loadEncounters();
    await openEncounter(body.name);
  } catch (error) {
    say("create-msg", failure(error), "error");
  }
}

async function openEncounter(name) {
  encounter = name;
  composedLine = "";
  history.replaceState(null, "", `?token=${encodeURIComponent(TOKEN)}&encounter=${encodeURIComponent(name)}`);
  if (ROLE === "gm") {
    const links = await api("GET", "/api/encounters/" + encodeURIComponent(name) + "/players");
    playerLinks = Object.fromEntries(links.players.map((p) => [p.character, p.url]));
    $("encounters").value = name;
  }
  await loadVerbs();
  await refresh();
  listen();
}

// --- live -------------------------------------------------------------------------------------

let refreshing = null;

function listen() {
  if (source) source.close();
  const path = `/api/encounters/${encodeURIComponent(encounter)}/events?token=${encodeURIComponent(TOKEN)}`;
  source = new EventSource(path);
  source.addEventListener("hello", () => $("live").className = "live on");
  source.addEventListener("change", () => {
    // Changes that come together are read once.
    if (refreshing) return;
    refreshing = setTimeout(() => { refreshing = null; refresh().catch(() => {}); }, 50);
  });
  source.onerror = () => $("live").className = "live off";
}

async function start() {
  $("act-form").addEventListener("submit", commit);
  $("odds-button").addEventListener("click", () => showOdds());
  $("verb").addEventListener("change", () => { renderOptions(); scheduleOdds(); });
  for (const id of ["actor", "words", "line"]) $(id).addEventListener("input", scheduleOdds);
  $("options").addEventListener("input", scheduleOdds);
  try {
    const me = await api("GET", "/api/whoami");
    if (ROLE === "gm") {
      $("who").textContent = "GM";
      $("undo").addEventListener("click", () => command("/undo", { expected_head: head }, "undone"));
      $("redo").addEventListener("click", () => command("/redo", { expected_head: head }, "redone"));
      // A round's change rolls the initiative with the dice chosen, as an action does.
      $("next-round").addEventListener("click", () => {
        let given;
        try { given = dice(); } catch (error) { say("act-msg", error.message, "error"); return; }
        command("/next-round", { expected_head: head, dice: given }, "next round");
      });
      $("players-act").addEventListener("change", saveTable);
      $("players-roll").addEventListener("change", saveTable);
      $("show-create").addEventListener("click", () => { $("create").hidden = !$("create").hidden; });
      $("open").addEventListener("click", () => openEncounter($("encounters").value));
      $("create-form").addEventListener("submit", create);
      await loadEncounters();
      if (!encounter && $("encounters").value) encounter = $("encounters").value;
    } else {
      $("who").textContent = `Playing ${me.character} in ${me.encounter}`;
      encounter = me.encounter;
    }
    if (encounter) await openEncounter(encounter);
  } catch (error) {
    document.body.prepend(el("p", { class: "msg error" }, failure(error)));
  }
}

start();
