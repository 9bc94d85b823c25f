/* The table page without network (docs/table.md "Offline at the table").

   - The deal being typed (the draft) is kept on the phone, with its dealer and submission key,
     until the server has acknowledged it: it survives a reload, a lost network and a closed tab.
   - "Gem spil" sends the deal to the JSON endpoint (views.sync.table_sync). Saved: the answer
     carries the parts of the page the save changed, swapped in without loading the page again
     (one request on a slow phone). The form's own problems: the form is sent as a plain form, so
     that the server shows its page (errors at their fields). Another phone saved first: the deal
     waits in the queue's panel for a choice, as it would offline. No answer, busy, or logged out:
     the deal is queued on the phone (IndexedDB, idb-keyval) with its key and the table version it
     expects (the page's for the first, one more for each later one), and the form shows the next
     deal at once.
   - The queue is sent in order as soon as the network returns, again with back-off, and at "Send
     nu". A queued deal the server refuses waits at the head of the queue with the server's
     answer and the scorekeeper's choices; discarding one is an explicit, named tap.
   - Who deals next comes from the server (the page's JSON "rotation"): the phone has no rules.
     The form of any later deal is seated here from the seating the server gives for its dealer and
     the marks the family's form carries (scoring/family_forms.py "Seating a form on the phone"):
     no copy of a form per dealer, no network.
   - Only what a person typed is kept as a draft; a deal queued or saved starts a clean form.
   - A deal another phone saved first is shown beside the one refused, with three choices: the same
     deal (drop mine), mine is right (correct the saved one), a different, later deal (confirmed).
   The service worker (sw.js) keeps the page and its files. */
(function () {
  "use strict";
  const form = document.getElementById("deal-form");
  const dataBlock = document.getElementById("table-sync-data");
  if (!form || !dataBlock || !window.idbKeyval) return;
  const data = JSON.parse(dataBlock.textContent);
  const W = data.words;
  const idb = window.idbKeyval;
  const store = idb.createStore("tarokklub", "sync");
  const QUEUE = `queue:${data.table}`, DRAFT = `draft:${data.table}`, KNOWN = `known:${data.table}`;
  const DEFAULTS = `defaults:${data.table}`;
  // A page the server rendered with a deal's input (its errors, the 409 page), not an empty form.
  const rerendered = form.dataset.bound === "1" || Boolean(document.getElementById("stale"));
  const OWN = ["version", "number", "submission", "csrfmiddlewaretoken", "confirm_dealer"];
  const $ = (selector, root) => (root || document).querySelector(selector);
  const fmt = (text, values) => text.replace(/%\((\w+)\)s/g, (_m, key) => String(values[key]));
  let backoff = 0, timer = null, retryAt = 0, flushing = false, restoring = false, submitting = false;
  // The queued deal back in the form to be mended (its key), if any: no draft is kept of it.
  let editing = null;

  // Small pieces -------------------------------------------------------------------------------
  function newKey() {
    if (crypto.randomUUID) return crypto.randomUUID();
    const b = crypto.getRandomValues(new Uint8Array(16));
    b[6] = (b[6] & 15) | 64; b[8] = (b[8] & 63) | 128;
    const h = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }
  const input = (name) => form.querySelector(`[name="${name}"]`);
  const dealerNow = () => (input("dealer") || {}).value || "";
  const fieldsOf = () => [...new FormData(form)].filter(([k]) => k !== "csrfmiddlewaretoken").map(([k, v]) => [k, String(v)]);
  const valueIn = (fields, name) => (fields.find(([k]) => k === name) || [])[1] || "";
  function csrf() {
    const m = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    return m ? decodeURIComponent(m[1]) : (input("csrfmiddlewaretoken") || {}).value || "";
  }
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    Object.entries(attrs || {}).forEach(([k, v]) => (k === "text" ? (node.textContent = v) : node.setAttribute(k, v)));
    children.forEach((c) => c && node.append(c));
    return node;
  }
  const getQueue = async () => (await idb.get(QUEUE, store)) || [];
  const setQueue = (q) => idb.set(QUEUE, q, store);

  // The version and number the next deal expects: after the last queued one, else what the phone
  // knows last (a saved answer, newer than a page kept by the service worker), else the page's.
  async function chainBase() {
    const q = await getQueue();
    if (q.length) { const last = q[q.length - 1]; return { version: last.version + 1, number: last.number + 1 }; }
    const known = await idb.get(KNOWN, store);
    const page = { version: data.rotation.version, number: data.rotation.number };
    return known && known.version > page.version ? known : page;
  }
  // Who the sheet expects to deal the next deal (the server's rotation, followed through the queue).
  async function expectedDealer() {
    const q = await getQueue();
    const editing = q.findIndex((item) => item.state === "editing");   // a queued deal back in the form
    const last = editing >= 0 ? q[editing - 1] : q[q.length - 1];
    if (!last) { const known = await idb.get(KNOWN, store); return known && known.version > data.rotation.version ? known.dealer : data.rotation.dealer; }
    return ((data.rotation.after[last.dealer] || {})[last.kind]) || data.rotation.dealer;
  }

  // The draft ------------------------------------------------------------------------------------
  let draftTimer = null;
  // Whether the scorekeeper typed anything in the form since it was last filled in (a trusted
  // event, not the page filling itself in). Only then is it a draft: the form the page fills in
  // itself (the next deal after one queued or saved) is never kept, so no untouched form comes
  // back as "a deal being typed" over a sheet that has moved on since.
  let typed = false;
  const noteTyped = (event) => { if (event.isTrusted && !restoring) typed = true; };
  function saveDraftSoon() {
    if (restoring || !typed || editing) return;
    clearTimeout(draftTimer);
    draftTimer = setTimeout(saveDraft, 50);
  }
  function saveDraft() {
    if (!typed || editing) return Promise.resolve();
    return idb.set(DRAFT, { fields: fieldsOf(), dealer: dealerNow(), key: (input("submission") || {}).value || newKey(), typed, at: Date.now() }, store);
  }
  const dropDraft = () => { clearTimeout(draftTimer); draftTimer = null; return idb.del(DRAFT, store); };

  // Seating the form ---------------------------------------------------------------------------
  // The form of a deal dealt by anyone, built here from the seating the server gives for him
  // (data.rotation.seating) and the marks of the family's form: a block of player choices
  // (data-players on the select, or on each chip's box) or of player rows (data-players on the
  // block, data-player on each row) offers the seating's active players in its order, each made
  // from another's with the name changed; ids stay by position. The page's seats (data-seat), the
  // sitter-out's own class (data-out-class), a seat's default choice (data-seat-default) and the
  // chips marked by another field's chips (data-marked-by) follow.
  const PLAYERS = data.rotation.players || Object.keys(data.rotation.seating);
  const isPlayer = (value) => PLAYERS.includes(value);
  const seatingOf = (dealer) => data.rotation.seating[dealer];
  let seatedFor = dealerNow();                     // the dealer the form's blocks are built for
  const parts = (node) => [node, ...node.querySelectorAll("*")];
  const RENAMED = ["value", "name", "data-player", "data-field", "aria-label", "title"];

  function playerOf(node) {
    if (node.dataset && node.dataset.player !== undefined) return node.dataset.player;
    if (node.tagName === "OPTION") return isPlayer(node.value) ? node.value : null;
    const box = node.tagName === "LABEL" ? node.querySelector("input[data-players]") : null;
    return box && isPlayer(box.value) ? box.value : null;
  }
  function playerBlocks() {
    const blocks = new Set();
    form.querySelectorAll("#form-body [data-players]").forEach((node) => {
      blocks.add(node.matches("input") ? (node.closest("label") || node).parentElement : node);
    });
    return [...blocks].filter(Boolean);
  }
  // A player's choice or row made from another's: the name in its field names, values and words.
  function renamed(model, from, to) {
    const node = model.cloneNode(true);
    const swap = (v) => (v === from ? to : v.endsWith(`.${from}`) || v.endsWith(` ${from}`) ? v.slice(0, -from.length) + to : v);
    parts(node).forEach((part) => {
      RENAMED.forEach((name) => { const v = part.getAttribute(name); if (v !== null && swap(v) !== v) part.setAttribute(name, swap(v)); });
      if (part.matches("input[data-players], option")) { part.removeAttribute("checked"); part.removeAttribute("selected"); }
    });
    const words = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let t = words.nextNode(); t; t = words.nextNode()) if (t.nodeValue.trim() === from) t.nodeValue = t.nodeValue.replace(from, to);
    return node;
  }
  const idsIn = (node) => parts(node).filter((n) => n.id || n.hasAttribute("for")).map((n) => [n.id, n.getAttribute("for")]);
  function giveIds(node, ids) {
    parts(node).filter((n) => n.id || n.hasAttribute("for")).forEach((n, i) => {
      const [id, label] = ids[i] || [];
      if (id) n.id = id; else n.removeAttribute("id");
      if (label) n.setAttribute("for", label); else n.removeAttribute("for");
    });
  }
  function offer(block, wanted, now) {
    const slots = [...block.children].filter((child) => playerOf(child) !== null);
    if (!slots.length) return;
    if (slots.length === wanted.length && slots.every((slot, i) => playerOf(slot) === wanted[i])) return;
    const model = slots.find((slot) => now.includes(playerOf(slot))) || slots[0];
    const ids = slots.map(idsIn), after = slots[slots.length - 1].nextSibling;
    const made = wanted.map((player, i) => { const node = renamed(model, playerOf(model), player); giveIds(node, ids[i]); return node; });
    slots.forEach((slot) => slot.remove());
    made.forEach((node) => block.insertBefore(node, after));
  }
  function seatDefaults(seats) {
    form.querySelectorAll("#form-body select[data-seat-default]").forEach((select) => {
      const wanted = seats[select.dataset.seatDefault];
      [...select.options].forEach((option) => { option.defaultSelected = option.value === wanted; });
      select.value = wanted;
    });
  }
  function showSeats(seats) {
    document.querySelectorAll("[data-seat]").forEach((node) => {
      const value = seats[node.dataset.seat];
      if (value !== undefined) node.textContent = Array.isArray(value) ? value.join(", ") || "—" : value;
    });
  }
  function seatForm(dealer) {
    const seats = seatingOf(dealer);
    if (!seats) return;
    const now = (seatingOf(seatedFor) || seats).active;
    playerBlocks().forEach((block) => offer(block, seats.active, now));
    form.querySelectorAll("#form-body input[data-marked-by]").forEach((box) => {
      const chip = box.closest("label"), field = box.dataset.markedBy;
      if (!chip) return;
      const index = [...form.querySelectorAll(`#form-body input[name="${CSS.escape(field)}"]`)].findIndex((r) => r.value === box.value);
      [...chip.classList].filter((c) => c.startsWith(`is-${field}-`)).forEach((c) => chip.classList.remove(c));
      if (index >= 0) chip.classList.add(`is-${field}-${index}`);
    });
    form.querySelectorAll("#form-body [data-out-class]").forEach((node) => {
      node.classList.toggle(node.dataset.outClass, seats.sitting_out.includes(node.dataset.player));
    });
    seatDefaults(seats);
    showSeats(seats);
    if (input("dealer")) input("dealer").value = dealer;
    seatedFor = dealer;
  }

  // A field back to what the form starts with.
  function resetField(name) {
    form.querySelectorAll(`#form-body [name="${CSS.escape(name)}"]`).forEach((field) => {
      if (field.type === "radio" || field.type === "checkbox") field.checked = field.defaultChecked;
      else if (field.tagName === "SELECT") {
        const start = [...field.options].find((o) => o.defaultSelected) || field.options[0];
        if (start) field.value = start.value;
      } else field.value = field.defaultValue;
    });
  }
  // Puts a form's [name, value] pairs in the form as it is seated now (every other field left as it
  // was when `keep`, else emptied); a value that no longer fits (a player who sits out now, his
  // count) is cleared with the fields that belong to it (data-belongs) and named by its field's
  // data-label, per player: [["Carl", ["Sidste stik", "Tælling"]]].
  function fill(fields, keep) {
    const values = {}, placed = new Set();
    fields.forEach(([k, v]) => { if (!OWN.includes(k) && k !== "dealer") (values[k] = values[k] || []).push(v); });
    form.querySelectorAll("#form-body [name]").forEach((field) => {
      const name = field.name, wanted = values[name];
      if (OWN.includes(name) || name === "dealer" || (keep && !wanted)) return;
      if (field.type === "radio" || field.type === "checkbox") {
        field.checked = (wanted || []).includes(field.value);
        if (field.checked) placed.add(`${name}\n${field.value}`);
      } else if (field.tagName === "SELECT") {
        if (wanted && [...field.options].some((o) => o.value === wanted[0])) { field.value = wanted[0]; placed.add(`${name}\n${wanted[0]}`); }
        else resetField(name);
      } else {
        field.value = (wanted || [""])[0];
        placed.add(`${name}\n${field.value}`);
      }
    });
    const cleared = new Map();
    Object.entries(values).forEach(([name, list]) => list.forEach((value) => {
      if (value === "" || placed.has(`${name}\n${value}`)) return;
      const own = form.querySelector(`#form-body [name="${CSS.escape(name)}"]`);
      ((own && own.dataset.belongs) || "").split(" ").filter(Boolean).forEach(resetField);
      const player = isPlayer(value) ? value : PLAYERS.find((p) => name.endsWith(`.${p}`));
      const prefix = player && !isPlayer(value) ? name.slice(0, -player.length) : null;
      const named = own && own.dataset.label ? own
        : prefix ? form.querySelector(`#form-body [data-label][name^="${CSS.escape(prefix)}"]`) : null;
      if (!player || !named) return;
      const labels = cleared.get(player) || [];
      if (!labels.includes(named.dataset.label)) labels.push(named.dataset.label);
      cleared.set(player, labels);
    }));
    return [...cleared];
  }
  // What a new seating cleared, where the server's rebuilt form says it (under the dealer).
  function showCleared(cleared) {
    const old = $("#dealer-cleared");
    if (old) old.remove();
    const line = form.querySelector('#form-body [data-field="dealer"]');
    if (!cleared.length || !line) return;
    line.after(el("div", { class: "cleared", id: "dealer-cleared", role: "status" },
      ...cleared.map(([name, fields]) => el("p", { text: fmt(W.cleared, { name, fields: fields.join(", ") }) }))));
  }
  // The preview of a form nobody has touched: what the page first said, no problems.
  const previewBox = $("#preview");
  const untouchedPreview = previewBox ? previewBox.innerHTML : "";
  function resetPreview() {
    if (previewBox) previewBox.innerHTML = untouchedPreview;
    const summary = $("#preview-summary");
    if (summary) summary.replaceChildren();
  }
  // An empty form for the next deal, seated for `dealer`. A page the server rendered with a deal's
  // input (its errors) starts from the empty form of an earlier page (`defaults`).
  let defaults = null;
  function freshForm(dealer) {
    form.reset();
    seatForm(dealer);
    if (rerendered && defaults) { fill(defaults, true); seatDefaults(seatingOf(dealer) || {}); }
    form.querySelectorAll("#form-body .errorlist, #not-saved, #dealer-cleared").forEach((node) => node.remove());
    resetPreview();
  }
  // The dealer picked offline (the picker's request for the server's form failed): the form seated
  // here, what still fits kept, what not named.
  function reseat(dealer) {
    if (!seatingOf(dealer) || dealer === seatedFor) return;
    const kept = fieldsOf();
    restoring = true;
    seatForm(dealer);
    const cleared = fill(kept);
    restoring = false;
    showCleared(cleared);
    markDealer();
    saveDraftSoon();
  }

  async function showDeal(base, note) {
    input("version").value = base.version;
    if (input("number")) input("number").value = base.number;
    if (input("submission")) input("submission").value = newKey();
    const title = $("#deal-title");
    if (title) title.textContent = fmt(W.deal, { n: base.number });
    markDealer();
    if (note) say(note);
  }

  // The next deal after a queued one: its dealer by the server's rotation, an empty form.
  async function nextDeal() {
    const dealer = await expectedDealer();
    const base = await chainBase();
    restoring = true;
    freshForm(dealer);
    restoring = false;
    typed = false;
    editing = null;
    await showDeal(base);
    window.scrollTo(0, form.offsetTop);
  }

  async function restoreDraft(draft) {
    typed = true;
    restoring = true;
    if (draft.dealer && seatingOf(draft.dealer)) seatForm(draft.dealer);
    showCleared(fill(draft.fields));
    restoring = false;
    await showDeal(await chainBase());
    if (input("submission") && draft.key) input("submission").value = draft.key;
    const confirm = input("confirm_dealer");
    if (confirm) confirm.checked = valueIn(draft.fields, "confirm_dealer") === "1";
    say(W.draft_restored);
    window.htmx.trigger(form, "change");
  }

  // Sending ------------------------------------------------------------------------------------
  // ``parts``: the saved answer carries the parts of the page the save changed (showSaved).
  async function send(item, parts) {
    const body = new URLSearchParams();
    item.fields.filter(([k]) => !OWN.includes(k)).forEach(([k, v]) => body.append(k, v));
    body.set("version", item.version); body.set("number", item.number); body.set("submission", item.key);
    if (item.confirm) body.set("confirm_dealer", "1");
    try {
      const res = await fetch(data.sync, { method: "POST", body, credentials: "same-origin",
        headers: { "X-CSRFToken": csrf(), Accept: "application/json", ...(parts ? { "X-Table-Parts": "1" } : {}) } });
      if (!(res.headers.get("content-type") || "").includes("json")) {
        // a refused CSRF token (a new login changed it) or a proxy's page: log in / try later
        return res.status === 403 ? { status: "login", login: data.login } : { status: "retry" };
      }
      return await res.json();
    } catch (e) {
      return { status: "retry", network: true };
    }
  }

  function itemOfForm(base) {
    const fields = fieldsOf();
    return { key: valueIn(fields, "submission") || newKey(), version: base.version, number: base.number,
             dealer: valueIn(fields, "dealer"), kind: valueIn(fields, "kind") || (data.rotation.kinds[0] || ""),
             confirm: valueIn(fields, "confirm_dealer") === "1", fields, state: "waiting", queuedAt: Date.now() };
  }

  async function saved(answer) {
    await idb.set(KNOWN, { version: answer.version, number: answer.number + 1, dealer: answer.next.dealer }, store);
    data.rotation = answer.next;
  }

  // A conflict's answer says where the table is now (another phone saved meanwhile).
  async function moved(answer) {
    await idb.set(KNOWN, { version: answer.version, number: answer.number, dealer: answer.next.dealer }, store);
    data.rotation = answer.next;
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (submitting) return;                   // a second tap while the first is handled
    submitting = true;
    try { await submitted(); } finally { submitting = false; }
  });
  async function submitted() {
    const q = await getQueue();
    const mending = q.findIndex((i) => i.state === "editing");
    if (mending >= 0) {                       // a queued deal mended in the form goes back in its place
      const item = q[mending], mended = itemOfForm(item);
      q[mending] = { ...mended, key: item.key, version: item.version, number: item.number };
      await setQueue(q); await dropDraft(); clearFieldErrors();
      await nextDeal(); render(); flush(true);
      return;
    }
    const item = itemOfForm(await chainBase());
    if (!q.length) {
      setBusy(true);
      const answer = await send(item, true);
      setBusy(false);
      if (answer.status === "saved") { await showSaved(answer); return; }
      if (answer.status === "pending") {      // past the round's length: the server keeps it for the director
        await dropDraft(); window.location.assign(data.page); return;
      }
      if (answer.status === "invalid") {
        input("version").value = item.version;   // the server's own page: errors at their fields
        HTMLFormElement.prototype.submit.call(form);
        return;
      }
      if (answer.status === "conflict") {      // another phone saved first: the queue's panel asks
        item.state = "conflict"; item.answer = answer;
        await moved(answer);
      } else if (answer.status === "login") item.state = "login";
      else scheduleRetry();
    }
    q.push(item);
    await setQueue(q);
    await dropDraft();
    say(item.state === "conflict" ? "" : item.state === "login" ? W.login : W.offline);
    await nextDeal();
    await render();
    if (item.state === "conflict") showRefused(item);
    if (q.length > 1) flush();
  }

  function setBusy(busy) { const b = $("#save"); if (b) b.disabled = busy; }

  // Saved as typed: the answer carries the parts of the page the save changed (views.table.saved_parts:
  // the totals and who deals next, the next deal's empty form, the empty preview, the sheet), swapped
  // in here instead of loading the page again, so a save on a slow phone is one request of a few kB
  // (docs/performance.md). The service worker's copy of the page is then brought up to date from it.
  let fresh = false;   // the swapped-in form is untouched: no preview of it until something is typed
  async function showSaved(answer) {
    const known = saved(answer).then(dropDraft);   // written while the parts are swapped in
    if (!answer.parts) { await known; window.location.assign(data.page); return; }
    data.rotation = answer.next;
    window.htmx.trigger(form, "htmx:abort");   // a preview still under way is the saved deal's
    Object.entries(answer.parts).forEach(([id, html]) => {
      const box = document.getElementById(id);
      if (box) { box.innerHTML = html; window.htmx.process(box); }
    });
    fresh = true;
    typed = false;
    form.dataset.bound = "";
    const summary = $("#preview-summary");
    if (summary) summary.replaceChildren();
    if (input("number")) input("number").value = answer.next.number;
    if (input("submission")) input("submission").value = newKey();
    const title = $("#deal-title");
    if (title) title.textContent = fmt(W.deal, { n: answer.next.number });
    let list = $("main > .messages");
    if (!list) { list = el("ul", { class: "messages" }); $("main").prepend(list); }
    list.replaceChildren(el("li", { class: "success", text: answer.message }));
    history.replaceState(history.state, "", data.page);   // after the server's own page (a POST), a reload GETs
    window.scrollTo(0, 0);
    await known;
    say("");
    await render();
    await markDealer();
    requestAnimationFrame(() => setTimeout(keepPage));   // after the page is painted
  }
  // The form's preview (hx-trigger "change, input delay:400ms"): none of the untouched form after a
  // save, and none for the change a press on "Gem spil" causes (the field being typed loses focus):
  // on a slow link it would go out beside the save, which makes the preview moot.
  let pressingSave = false;
  document.addEventListener("pointerdown", (event) => { pressingSave = Boolean(event.target.closest && event.target.closest("#save")); }, true);
  document.addEventListener("click", () => { pressingSave = false; }, true);
  form.addEventListener("htmx:confirm", (event) => {
    if (event.detail.elt !== form) return;
    const cause = event.detail.triggeringEvent;
    if (fresh || (pressingSave && cause && cause.type === "change")) event.preventDefault();
  });
  const touched = (event) => { if (event.isTrusted) fresh = false; };
  form.addEventListener("input", touched, true);
  form.addEventListener("change", touched, true);

  // The service worker keeps the last table page for a phone without network (sw.js); a save whose
  // parts were swapped in loaded none, so the page as it stands now is kept in its place, without
  // the message of the save, under the headers the server sent with the page.
  async function keepPage() {
    if (!("caches" in window) || !navigator.serviceWorker || !navigator.serviceWorker.controller) return;
    try {
      const cache = await caches.open("tarokklub-pages");
      const kept = await cache.match(data.page);
      if (!kept) return;
      dataBlock.textContent = JSON.stringify(data).replace(/</g, "\\u003c");   // the rotation now
      const copy = document.documentElement.cloneNode(true);
      copy.querySelectorAll(".messages").forEach((n) => n.remove());
      // a style set by a script stands at runtime; written into the page, the CSP refuses it
      copy.querySelectorAll("[style]").forEach((n) => n.removeAttribute("style"));
      copy.querySelectorAll("[class*='htmx-']").forEach((n) => [...n.classList].filter((c) => c.startsWith("htmx-")).forEach((c) => n.classList.remove(c)));
      const copied = copy.querySelector("#deal-form");
      copied.setAttribute("hx-trigger", (copied.getAttribute("hx-trigger") || "").replace(/^load,\s*/, ""));
      const headers = new Headers(kept.headers);
      headers.delete("content-encoding");
      headers.delete("content-length");
      await cache.put(data.page, new Response(`<!doctype html>\n${copy.outerHTML}`, { status: 200, headers }));
    } catch (e) { /* the worker keeps the page again the next time it is loaded */ }
  }

  function scheduleRetry() {
    clearTimeout(timer);
    backoff = Math.min(backoff ? backoff * 2 : 2, 60);
    retryAt = Date.now() + backoff * 1000;
    timer = setTimeout(() => flush(), backoff * 1000);
  }

  async function flush(manual) {
    if (flushing) return;
    flushing = true;
    clearTimeout(timer);
    let sent = 0;
    try {
      for (;;) {
        const q = await getQueue();
        const head = q[0];
        if (!head) break;
        if (head.state === "login" && manual) { head.state = "waiting"; await setQueue(q); }
        if (head.state !== "waiting") break;     // it waits for the scorekeeper
        render(true);
        const answer = await send(head);
        const now = await getQueue();           // the queue as it is now (a discard meanwhile)
        if (!now.length || now[0].key !== head.key) continue;
        if (answer.status === "saved") {
          await saved(answer); await setQueue(now.slice(1)); backoff = 0; retryAt = 0; sent += 1; continue;
        }
        if (answer.status === "retry") { scheduleRetry(); break; }
        if (answer.status === "conflict") {
          await moved(answer);
          if (now[0].correcting && answer.same) {   // the saved deal was corrected to this one
            await setQueue(now.slice(1)); sent += 1; say(fmt(W.corrected, { n: answer.same.number })); continue;
          }
          if (!answer.compare && answer.number === now[0].number && answer.version !== now[0].version) {
            // nothing was saved in its place (a correction or a void moved the table on): its turn still
            await update(now[0].key, (q, i) => { q[i].version = answer.version; }); continue;
          }
        }
        retryAt = 0;
        say("");
        now[0] = { ...now[0], state: answer.status === "login" ? "login" : answer.status, answer };
        delete now[0].correcting;
        await setQueue(now);
        break;
      }
    } finally {
      flushing = false;
    }
    await render();
    const draft = await idb.get(DRAFT, store);
    if (sent && !(await getQueue()).length && !(draft && draft.typed)) {
      say(W.all_sent);
      window.location.assign(data.page);          // the fresh sheet
    }
  }

  // The queue on the page ------------------------------------------------------------------------
  function say(text) {
    const line = $("#unsent-line");
    if (!line) return;
    line.dataset.note = text || "";
  }

  async function update(key, change) {
    const q = await getQueue();
    const i = q.findIndex((item) => item.key === key);
    if (i < 0) return;
    change(q, i);
    for (let j = i + 1; j < q.length; j++) { q[j].version = q[j - 1].version + 1; q[j].number = q[j - 1].number + 1; }
    await setQueue(q);
  }

  // A queued deal off the queue. `shift`: the deals after it move up a number (it never makes its
  // version); a deal another phone saved in its place leaves them where they are.
  async function removeItem(item, shift) {
    const q = await getQueue();
    const i = q.findIndex((x) => x.key === item.key);
    if (i < 0) return q;
    q.splice(i, 1);
    if (shift) for (let j = i; j < q.length; j++) { q[j].version -= 1; q[j].number -= 1; }
    await setQueue(q);
    return q;
  }
  async function afterRemoval(q) {
    if (!q.length) { window.location.assign(data.page); return; }   // the fresh sheet
    await followQueue();
    await render();
    flush();
  }
  // The form follows the queue when a refused deal moves (booked as a later deal, dropped): the next
  // deal's number, and its dealer while nothing is typed in it.
  async function followQueue() {
    if (editing) return;
    const base = await chainBase();
    if (!typed) { restoring = true; freshForm(await expectedDealer()); restoring = false; }
    input("version").value = base.version;
    if (input("number")) input("number").value = base.number;
    const title = $("#deal-title");
    if (title) title.textContent = fmt(W.deal, { n: base.number });
    markDealer();
  }

  async function discard(item) {
    if (!window.confirm(fmt(W.discard_confirm, { n: item.number }))) return;
    const q = await removeItem(item, true);
    say(fmt(W.discarded, { n: item.number }));
    await afterRemoval(q);
  }

  // A deal the server keeps for the tournament's director (past the round's length): read, it leaves
  // the phone's queue; it never took a number at the table, so the deals after it move up.
  async function pendingSeen(item) {
    const q = await removeItem(item, true);
    say("");
    await afterRemoval(q);
  }

  async function resend(item, change) {
    await update(item.key, (q, i) => { change(q[i]); q[i].state = "waiting"; delete q[i].answer; });
    backoff = 0;
    await followQueue();
    flush(true);
  }

  async function mend(item) {
    await update(item.key, (q, i) => { q[i].state = "editing"; });
    editing = item.key;
    restoring = true;
    form.reset();
    seatForm(item.dealer);
    const cleared = fill(item.fields);
    restoring = false;
    input("version").value = item.version;
    if (input("number")) input("number").value = item.number;
    if (input("submission")) input("submission").value = item.key;
    const title = $("#deal-title");
    if (title) title.textContent = fmt(W.deal, { n: item.number });
    clearFieldErrors();
    showCleared(cleared);
    (item.answer.problems || []).forEach((p) => {   // at its field; a field cleared above says it there
      const box = p.field ? form.querySelector(`[data-field="${CSS.escape(p.field)}"]`) : $("#form-body");
      if (box) box.append(el("ul", { class: "errorlist sync-error" }, el("li", { text: p.message })));
    });
    markDealer();
    window.scrollTo(0, form.offsetTop);
    render();
    if (navigator.onLine) window.htmx.trigger(form, "change");   // its preview, where the server answers
  }
  const clearFieldErrors = () => form.querySelectorAll(".sync-error").forEach((n) => n.remove());

  function button(text, id, onClick, secondary) {
    const b = el("button", { type: "button", class: secondary ? "secondary" : "", id, text });
    b.addEventListener("click", onClick);
    return b;
  }

  // Two hands for one deal ---------------------------------------------------------------------
  // The deal another phone saved in this one's place beside it (the server's `compare`: each in
  // words and amounts), then the choice, the likeliest first: the same deal typed twice (drop
  // mine); mine is right (the correction page of the saved deal, with mine in its form and the
  // preview of what correcting changes); a different, later deal, saved under the dealer the sheet
  // expects now only once confirmed. Never one tap that books a refused hand as the next deal.
  function twoHands(compare, n) {
    const head = el("tr", {}, el("th", {}), el("th", { scope: "col", text: fmt(W.theirs, { by: compare.by }) }),
      el("th", { scope: "col", text: W.mine }));
    const table = el("table", { class: "two-hands", id: `two-hands-${n}` }, head);
    const row = (label, theirs, mine, cls) => el("tr", { class: `${cls}${theirs === mine ? "" : " differs"}` },
      el("th", { scope: "row", text: label }), el("td", { text: theirs }), el("td", { text: mine }));
    compare.lines.forEach(([label, theirs, mine]) => table.append(row(label, theirs, mine, "line")));
    table.append(el("tr", { class: "amounts-head" }, el("th", { colspan: "3", text: compare.amounts_label })));
    const amount = (value) => (value === null || value === undefined ? "—" : String(value));
    compare.amounts.forEach(([player, theirs, mine]) => table.append(row(player, amount(theirs), amount(mine), "amount num")));
    return el("div", { class: "scroll two-hands-box" }, table);
  }

  async function dropSame(item) {
    const a = item.answer || {}, c = a.compare || {};
    const n = c.number || item.number;
    if (!a.same && !window.confirm(fmt(W.drop_confirm, { n, by: c.by }))) return;
    const q = await removeItem(item, false);
    say(fmt(W.dropped, { n }));
    await afterRemoval(q);
  }

  async function correctSaved(item) {
    const c = (item.answer || {}).compare;
    if (!c) return;
    if (!navigator.onLine) { say(W.correct_needs_net); render(); return; }
    await update(item.key, (q, i) => { q[i].correcting = true; });   // on the way back: sent again
    const query = new URLSearchParams([["hand", "1"], ...item.fields.filter(([k]) => !OWN.includes(k))]);
    window.location.assign(`${c.edit}?${query}`);
  }

  // "A different, later deal" asks before it books anything (the question stays through a render).
  let asking = null;
  function laterQuestion(item) {
    const a = item.answer || {}, n = item.number;
    const dealer = a.reset ? a.reset.dealer : item.dealer;
    const yes = button(fmt(W.later_yes, { n: a.number }), `later-yes-${n}`, () => {
      asking = null;
      resend(item, (it) => {
        it.version = a.version; it.number = a.number;
        if (a.reset) { it.dealer = a.reset.dealer; it.fields = [["dealer", a.reset.dealer], ...a.reset.fields]; }
      });
    });
    const no = button(W.cancel, `later-no-${n}`, () => { asking = null; render(); }, true);
    return el("div", { class: "later-confirm", id: `later-confirm-${n}`, role: "group" },
      el("p", { class: "later-question", text: fmt(W.later_confirm, { n: a.number, dealer, m: a.compare ? a.compare.number : n }) }),
      a.reset ? el("p", { class: "reset", text: a.reset.note }) : null,
      ...(a.reset ? a.reset.cleared : []).map((c) => el("p", { class: "muted", text: c })),
      el("p", { class: "actions" }, yes, no));
  }

  function conflictParts(item, box, actions) {
    const a = item.answer || {}, n = item.number, c = a.compare;
    const dealer = a.reset ? a.reset.dealer : item.dealer;
    if (c) {
      box.append(el("p", { class: a.same ? "same-hand" : "error", id: `same-${n}`,
        text: a.same ? a.same.note : fmt(W.two_hands, { n: c.number, by: c.by }) }));
      box.append(twoHands(c, n));
      actions.append(button(W.drop_same, `drop-${n}`, () => dropSame(item)));
      actions.append(button(fmt(W.correct_saved, { n: c.number }), `correct-${n}`, () => correctSaved(item), true));
    } else {
      box.append(el("p", { class: "error", text: fmt(W.conflict, { n }) }));
    }
    const others = (a.since || []).filter((s) => !c || s.number !== c.number);
    if (others.length) {
      const list = el("ul", { class: "since" });
      others.forEach((s) => list.append(el("li", { text: fmt(W.saved_since, { n: s.number, dealer: s.dealer, by: s.by, summary: s.summary }) })));
      box.append(list);
    }
    actions.append(button(fmt(W.later, { dealer }), `later-${n}`, () => {
      asking = asking === item.key ? null : item.key;
      render().then(() => { const q = $(`#later-confirm-${n}`); if (q) q.scrollIntoView({ block: "nearest" }); });
    }, true));
    if (!c) actions.append(button(fmt(W.discard, { n }), `discard-${n}`, () => discard(item), true));
    return asking === item.key ? laterQuestion(item) : null;
  }

  // A deal refused on saving: its panel in view.
  function showRefused(item) {
    const box = $(`#queued-${item.number}`);
    if (box) box.scrollIntoView({ block: "start" });
  }

  function itemBox(item, first) {
    const n = item.number;
    const box = el("div", { class: `queued ${item.state}`, id: `queued-${n}` },
      el("p", { class: "queued-title", text: `${fmt(W.deal, { n })} · ${item.dealer}` }));
    const a = item.answer || {};
    const actions = el("p", { class: "actions" });
    let question = null;
    if (item.state === "login") {
      box.append(el("p", { class: "error", text: W.login }));
      actions.append(el("a", { class: "button", id: "sync-login", href: a.login || data.login, text: W.login_link }));
    } else if (item.state === "conflict") {
      question = conflictParts(item, box, actions);
    } else if (item.state === "pending") {   // kept on the server for the tournament's director
      box.append(el("p", { class: "error", text: fmt(W.pending, { n }) }));
      actions.append(button(W.pending_ok, `pending-ok-${n}`, () => pendingSeen(item)));
    } else if (item.state === "invalid" || item.state === "editing") {
      box.append(el("p", { class: "error", text: fmt(W.invalid, { n }) }));
      const list = el("ul", { class: "problems" });
      (a.problems || []).forEach((p) => list.append(el("li", { text: p.label ? `${p.label}: ${p.message}` : p.message })));
      box.append(list);
      if (a.confirm_dealer && item.state === "invalid") {
        actions.append(button(fmt(W.confirm_dealer, { dealer: item.dealer }), `confirm-${n}`, () => resend(item, (it) => { it.confirm = true; })));
      }
      if (item.state === "invalid") actions.append(button(W.mend, `mend-${n}`, () => mend(item), Boolean(a.confirm_dealer)));
      actions.append(button(fmt(W.discard, { n }), `discard-${n}`, () => discard(item), true));
    } else if (!first || item.state === "waiting") {
      actions.append(button(fmt(W.discard, { n }), `discard-${n}`, () => discard(item), true));
    }
    box.append(actions);
    if (question) box.append(question);
    return box;
  }

  async function render(sending) {
    const q = await getQueue();
    const panel = $("#queue"), line = $("#unsent-line");
    if (!panel || !line) return;
    const count = q.length === 1 ? W.unsent_one : fmt(W.unsent_many, { n: q.length });
    const note = line.dataset.note || "";
    line.hidden = !q.length && !note;
    line.textContent = q.length ? `${count}${note ? ` – ${note}` : ""}` : note;
    panel.hidden = !q.length;
    panel.replaceChildren();
    if (!q.length) return;
    const head = el("p", { class: "queue-line" }, el("strong", { id: "unsent-count", text: count }));
    if (sending) head.append(" ", el("span", { class: "muted", text: W.sending }));
    else if (retryAt > Date.now()) head.append(" ", el("span", { class: "muted", text: fmt(W.retry_in, { s: Math.ceil((retryAt - Date.now()) / 1000) }) }));
    head.append(" ", button(W.send_now, "send-now", () => { backoff = 0; flush(true); }));
    panel.append(head);
    q.forEach((item, i) => panel.append(itemBox(item, i === 0)));
  }

  // The dealer the sheet expects: another one needs the confirmation beside the picker.
  async function markDealer() {
    const box = $("#confirm-dealer");
    if (!box) return;
    const expected = await expectedDealer();
    if (dealerNow() !== expected) box.hidden = false;
    else if (!box.querySelector("input").checked) box.hidden = true;
  }

  // The preview is the server's (the one engine): offline it says so.
  document.body.addEventListener("htmx:sendError", (event) => {
    const target = event.detail && event.detail.target, from = event.detail && event.detail.elt;
    if (target && target.id === "preview") {
      target.replaceChildren(el("p", { class: "muted preview-offline", id: "preview-offline", text: W.preview_offline }));
    } else if (from && from.name === "dealer" && form.contains(from)) reseat(from.value);   // the picker offline
  });
  document.body.addEventListener("htmx:afterSettle", (event) => {
    if (event.target.id === "form-body") { seatedFor = dealerNow(); markDealer(); saveDraftSoon(); }
  });
  form.addEventListener("input", noteTyped, true);
  form.addEventListener("change", noteTyped, true);
  // the picker's own change stops at the picker (it rebuilds the form): listen before it does
  form.addEventListener("change", (event) => { if (event.target.name === "dealer") { markDealer(); saveDraftSoon(); } }, true);
  form.addEventListener("input", saveDraftSoon);
  window.addEventListener("pagehide", () => { if (draftTimer && !restoring) { clearTimeout(draftTimer); saveDraft(); } });
  form.addEventListener("change", saveDraftSoon);
  document.querySelectorAll("[data-drop-draft]").forEach((link) => link.addEventListener("click", async (event) => {
    event.preventDefault();
    await dropDraft();
    window.location.assign(link.href);
  }));
  window.addEventListener("online", () => { backoff = 0; flush(true); });
  setInterval(() => { if (retryAt > Date.now()) render(); }, 1000);

  // A key made on the phone for the deal typed on this page: a page the service worker kept may
  // carry a key that an earlier deal already used (a repeat of it would answer with that deal).
  // A page the server re-rendered (its errors, the 409 page) keeps its fresh key.
  if (!rerendered && input("submission")) input("submission").value = newKey();
  // The empty form as the server made it (its defaults), for a page it renders with input later.
  const pristine = rerendered ? null : fieldsOf();

  // A copy of the page shown again (the service worker's, offline) does not say again what it said
  // when it was first shown ("Spil 4 er gemt.").
  function quietIfShownBefore() {
    const KEY = "tarokklub-pages-shown";
    let shown = [];
    try { shown = JSON.parse(localStorage.getItem(KEY) || "[]"); } catch (e) { /* none kept */ }
    if (shown.includes(data.rendered)) document.querySelectorAll(".messages").forEach((node) => node.remove());
    else try { localStorage.setItem(KEY, JSON.stringify([data.rendered, ...shown].slice(0, 40))); } catch (e) { /* full */ }
  }
  if (data.rendered) quietIfShownBefore();

  // Service worker: keeps the page and its files (HTTPS or localhost).
  async function keepFirstPage() {   // the worker was not there when this page loaded: keep it now
    if (!("caches" in window) || !navigator.onLine) return;
    try { await fetch(data.page, { credentials: "same-origin" }); } catch (e) { /* kept next time */ }
  }
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register(data.sw, { scope: "/" }).catch(() => {});
    if (!navigator.serviceWorker.controller) navigator.serviceWorker.addEventListener("controllerchange", keepFirstPage, { once: true });
  }

  // On load: a deal left typing comes back; a page the server re-rendered (its errors, the 409
  // page) is the draft now; queued deals are shown, the form is set to the deal after them, and
  // sending starts.
  (async function start() {
    if (pristine) idb.set(DEFAULTS, pristine, store); else defaults = await idb.get(DEFAULTS, store);
    const q = await getQueue();
    // logged out, or on the way back from correcting the deal saved in its place: sent again
    q.forEach((item) => { if (item.state === "login" || item.correcting) item.state = "waiting"; });
    if (q.some((item) => item.state === "editing")) q.forEach((item) => { if (item.state === "editing") item.state = "invalid"; });
    await setQueue(q);
    let draft = await idb.get(DRAFT, store);
    if (draft && !draft.typed) { await dropDraft(); draft = null; }   // never a deal being typed
    if (rerendered) {                    // the server's version of the input
      typed = Boolean(draft);
      await saveDraft();
    } else if (draft) await restoreDraft(draft);
    else if (q.length) await nextDeal();
    markDealer();
    await render();
    if (q.length) flush(true);
  })();
})();
