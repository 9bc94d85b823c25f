/* The table page without network (docs/table.md "Offline at the table").

   - The deal being typed (the draft) is kept on the phone, with its dealer and submission key,
     until the server has acknowledged it: it survives a reload, a lost network and a closed tab.
   - "Gem spil" sends the deal to the JSON endpoint (views.sync.table_sync). Saved: the answer
     carries the parts of the page the save changed, swapped in without loading the page again
     (one request on a slow phone). The form's own problems or a table that moved on: the form is sent as a plain
     form, so that the server shows its page (errors at their fields, the 409 page). No answer,
     busy, or logged out: the deal is queued on the phone (IndexedDB, idb-keyval) with its key
     and the table version it expects (the page's for the first, one more for each later one),
     and the form shows the next deal at once.
   - The queue is sent in order as soon as the network returns, again with back-off, and at "Send
     nu". A queued deal the server refuses waits at the head of the queue with the server's
     answer and the scorekeeper's choices; discarding one is an explicit, named tap.
   - Who deals next comes from the server (the page's JSON "rotation"): the phone has no rules.
   The service worker (sw.js) keeps the page, its files and each dealer's empty form. */
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
  const OWN = ["version", "number", "submission", "csrfmiddlewaretoken", "confirm_dealer"];
  const $ = (selector, root) => (root || document).querySelector(selector);
  const fmt = (text, values) => text.replace(/%\((\w+)\)s/g, (_m, key) => String(values[key]));
  let backoff = 0, timer = null, retryAt = 0, flushing = false, restoring = false;

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
  // Whether the scorekeeper typed anything on this page (a trusted event, not the page filling
  // itself in): a draft of an untouched form is the page's own proposal, not a deal being typed,
  // and is never brought back over a sheet that has moved on since (another dealer now).
  let typed = false;
  const noteTyped = (event) => { if (event.isTrusted && !restoring) typed = true; };
  function saveDraftSoon() {
    if (restoring) return;
    clearTimeout(draftTimer);
    draftTimer = setTimeout(saveDraft, 50);
  }
  function saveDraft() {
    return idb.set(DRAFT, { fields: fieldsOf(), dealer: dealerNow(), key: (input("submission") || {}).value || newKey(), typed, at: Date.now() }, store);
  }
  const dropDraft = () => { clearTimeout(draftTimer); return idb.del(DRAFT, store); };

  function fill(fields) {
    const values = {};
    fields.forEach(([k, v]) => (values[k] = values[k] || []).push(v));
    form.querySelectorAll("#form-body [name]").forEach((field) => {
      const name = field.name;
      if (OWN.includes(name) || name === "dealer") return;
      if (field.type === "radio" || field.type === "checkbox") field.checked = (values[name] || []).includes(field.value);
      else field.value = (values[name] || [""])[0];
    });
  }

  // The form of another dealer, as the server makes it (from the service worker's copy offline).
  function loadForm(dealer, version) {
    const url = `${data.form}?dealer=${encodeURIComponent(dealer)}&version=${version}`;
    return new Promise((resolve, reject) => {
      const done = (ok) => { document.body.removeEventListener("htmx:afterSettle", settled); ok ? resolve() : reject(new Error("form")); };
      const settled = (e) => { if (e.target.id === "form-body") done(true); };
      document.body.addEventListener("htmx:afterSettle", settled);
      window.htmx.ajax("GET", url, { target: "#form-body", swap: "innerHTML" }).catch(() => done(false));
      setTimeout(() => done(dealerNow() === dealer), 8000);
    });
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
    try {
      await loadForm(dealer, base.version);
    } catch (e) {   // no copy of that dealer's form (no service worker yet): the empty form, his name
      form.reset();
      if (input("dealer")) input("dealer").value = dealer;
    }
    restoring = false;
    await showDeal(base);
    window.scrollTo(0, form.offsetTop);
  }

  async function restoreDraft(draft) {
    typed = true;
    restoring = true;
    try {
      if (draft.dealer && draft.dealer !== dealerNow()) await loadForm(draft.dealer, (await chainBase()).version);
      fill(draft.fields);
    } catch (e) { /* kept in the store; shown again on the next load */ }
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

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const q = await getQueue();
    const editing = q.findIndex((i) => i.state === "editing");
    if (editing >= 0) {                       // a queued deal mended in the form goes back in its place
      const item = q[editing], mended = itemOfForm(item);
      q[editing] = { ...mended, key: item.key, version: item.version, number: item.number };
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
      if (answer.status === "invalid" || answer.status === "conflict") {
        input("version").value = item.version;   // the server's own page: errors at their fields, the 409 page
        HTMLFormElement.prototype.submit.call(form);
        return;
      }
      if (answer.status === "login") item.state = "login";
      else scheduleRetry();
    }
    q.push(item);
    await setQueue(q);
    await dropDraft();
    say(answer_note(item));
    await nextDeal();
    render();
    if (q.length > 1) flush();
  });
  const answer_note = (item) => (item.state === "login" ? W.login : W.offline);

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
        retryAt = 0;
        say("");
        now[0] = { ...now[0], state: answer.status === "login" ? "login" : answer.status, answer };
        await setQueue(now);
        break;
      }
    } finally {
      flushing = false;
    }
    await render();
    if (sent && !(await getQueue()).length && !(await idb.get(DRAFT, store))) {
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

  async function discard(item) {
    if (!window.confirm(fmt(W.discard_confirm, { n: item.number }))) return;
    const q = await getQueue();
    const i = q.findIndex((x) => x.key === item.key);
    if (i < 0) return;
    const gone = q.splice(i, 1)[0];
    for (let j = i; j < q.length; j++) { q[j].version -= 1; q[j].number -= 1; }   // it never makes its version
    await setQueue(q);
    say(fmt(W.discarded, { n: gone.number }));
    if (!q.length) window.location.assign(data.page);
    await render();
    flush();
  }

  async function resend(item, change) {
    await update(item.key, (q, i) => { change(q[i]); q[i].state = "waiting"; delete q[i].answer; });
    backoff = 0;
    flush(true);
  }

  async function mend(item) {
    await update(item.key, (q, i) => { q[i].state = "editing"; });
    restoring = true;
    try { if (item.dealer !== dealerNow()) await loadForm(item.dealer, item.version); fill(item.fields); } catch (e) { /* shown as it is */ }
    restoring = false;
    input("version").value = item.version;
    if (input("number")) input("number").value = item.number;
    if (input("submission")) input("submission").value = item.key;
    const title = $("#deal-title");
    if (title) title.textContent = fmt(W.deal, { n: item.number });
    clearFieldErrors();
    (item.answer.problems || []).forEach((p) => {
      const box = form.querySelector(`[data-field="${CSS.escape(p.field)}"]`) || $("#form-body");
      box.append(el("ul", { class: "errorlist sync-error" }, el("li", { text: p.message })));
    });
    markDealer();
    window.scrollTo(0, form.offsetTop);
    render();
  }
  const clearFieldErrors = () => form.querySelectorAll(".sync-error").forEach((n) => n.remove());

  function button(text, id, onClick, secondary) {
    const b = el("button", { type: "button", class: secondary ? "secondary" : "", id, text });
    b.addEventListener("click", onClick);
    return b;
  }

  function itemBox(item, first) {
    const n = item.number;
    const box = el("div", { class: `queued ${item.state}`, id: `queued-${n}` },
      el("p", { class: "queued-title", text: `${fmt(W.deal, { n })} · ${item.dealer}` }));
    const a = item.answer || {};
    const actions = el("p", { class: "actions" });
    if (item.state === "login") {
      box.append(el("p", { class: "error", text: W.login }));
      actions.append(el("a", { class: "button", id: "sync-login", href: a.login || data.login, text: W.login_link }));
    } else if (item.state === "conflict") {
      box.append(el("p", { class: "error", text: fmt(W.conflict, { n }) }));
      const list = el("ul", { class: "since" });
      (a.since || []).forEach((s) => list.append(el("li", { text: fmt(W.saved_since, { n: s.number, dealer: s.dealer, by: s.by, summary: s.summary }) })));
      box.append(list);
      const dealer = a.reset ? a.reset.dealer : item.dealer;
      const rebase = () => resend(item, (it) => {
        it.version = a.version; it.number = a.number;
        if (a.reset) { it.dealer = a.reset.dealer; it.fields = [["dealer", a.reset.dealer], ...a.reset.fields]; }
      });
      if (a.same) {
        box.append(el("p", { class: "same-hand", id: `same-${n}`, text: a.same.note }));
        actions.append(button(fmt(W.discard, { n }), `discard-${n}`, () => discard(item)));
        actions.append(button(fmt(W.send_anyway, { dealer }), `resend-${n}`, rebase, true));
      } else {
        if (a.reset) {
          box.append(el("p", { class: "reset", text: a.reset.note }));
          a.reset.cleared.forEach((c) => box.append(el("p", { class: "muted", text: c })));
        }
        actions.append(button(fmt(W.send_anyway, { dealer }), `resend-${n}`, rebase));
        actions.append(button(fmt(W.discard, { n }), `discard-${n}`, () => discard(item), true));
      }
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
    const target = event.detail && event.detail.target;
    if (target && target.id === "preview") {
      target.replaceChildren(el("p", { class: "muted preview-offline", id: "preview-offline", text: W.preview_offline }));
    }
  });
  document.body.addEventListener("htmx:afterSettle", (event) => {
    if (event.target.id === "form-body") { markDealer(); saveDraftSoon(); }
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
  const rerendered = form.dataset.bound === "1" || Boolean(document.getElementById("stale"));
  if (!rerendered && input("submission")) input("submission").value = newKey();

  // Service worker: keeps the page, its files and each dealer's empty form (HTTPS or localhost).
  async function prewarm(first) {
    if (!("caches" in window) || !navigator.onLine) return;
    if (first === true) {   // the worker was not there when this page loaded: keep it now
      try { await fetch(data.page, { credentials: "same-origin" }); } catch (e) { return; }
    }
    const cache = await caches.open("tarokklub-forms");
    for (const dealer of Object.keys(data.rotation.seating)) {
      const key = `${location.origin}${data.form}?dealer=${encodeURIComponent(dealer)}`;
      if (await cache.match(key)) continue;
      try { await fetch(`${data.form}?dealer=${encodeURIComponent(dealer)}&version=${data.rotation.version}`, { credentials: "same-origin" }); } catch (e) { return; }
    }
  }
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register(data.sw, { scope: "/" }).catch(() => {});
    if (navigator.serviceWorker.controller) prewarm();
    else navigator.serviceWorker.addEventListener("controllerchange", () => prewarm(true), { once: true });
  }

  // On load: a deal left typing comes back; a page the server re-rendered (its errors, the 409
  // page) is the draft now; queued deals are shown, the form is set to the deal after them, and
  // sending starts.
  (async function start() {
    const q = await getQueue();
    q.forEach((item) => { if (item.state === "login") item.state = "waiting"; });
    if (q.some((item) => item.state === "editing")) q.forEach((item) => { if (item.state === "editing") item.state = "invalid"; });
    await setQueue(q);
    const draft = await idb.get(DRAFT, store);
    if (rerendered) {                    // the server's version of the input
      typed = Boolean(draft && draft.typed);
      await saveDraft();
    } else if (draft && draft.typed) await restoreDraft(draft);
    else if (draft) await dropDraft();
    else if (q.length) await nextDeal();
    markDealer();
    await render();
    if (q.length) flush(true);
  })();
})();
