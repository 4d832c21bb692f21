// The check-in list: the table count and sit-outs the ticked players give, before it is
// saved; type a name to find a player (Enter ticks the first match not yet ticked, and says
// whom); tick the regulars.
// The plan for every possible count comes from the server (seating.table_plan), so the page
// never restates the movement's rules.
(function () {
  var form = document.getElementById("check-in"), live = document.getElementById("live-plan");
  if (!form || !live) return;
  var plans = JSON.parse(document.getElementById("table-plans").textContent);
  var problem = document.getElementById("plan-problem");
  var boxes = Array.prototype.slice.call(form.querySelectorAll("input[name=present]"));
  function show() {
    var ticked = 0;
    boxes.forEach(function (box) { if (box.checked) ticked++; });
    var plan = plans[Math.min(ticked, plans.length - 1)];
    live.querySelector("[data-count=ticked]").textContent = ticked;
    live.querySelector("[data-count=tables]").textContent = plan.tables;
    live.querySelector("[data-count=sitting]").textContent = plan.sitting_out;
    problem.textContent = plan.problem;
    problem.hidden = !plan.problem;
  }
  boxes.forEach(function (box) { box.addEventListener("change", show); });
  document.getElementById("tick-all").addEventListener("click", function () {
    boxes.forEach(function (box) { box.checked = true; });
    show();
  });
  document.getElementById("tick-regulars").addEventListener("click", function () {
    boxes.forEach(function (box) { if (box.dataset.regular) box.checked = true; });
    show();
  });

  // Case, accents and spacing ignored, as the walk-in check does on the server.
  function key(text) {
    return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
      .replace(/\s+/g, " ").trim();
  }
  var find = document.getElementById("find-player");
  var names = boxes.map(function (box) {
    return key(form.querySelector("label[for='" + box.id + "']").textContent);
  });
  function matches() {
    var wanted = key(find.value);
    return boxes.filter(function (box, i) {
      var hit = !wanted || names[i].indexOf(wanted) >= 0;
      box.closest("tr").hidden = !hit;
      return hit;
    });
  }
  var said = document.getElementById("find-said");
  function say(template, words) {
    said.textContent = template.replace(/\{(\w+)\}/g, function (all, name) { return words[name]; });
  }
  function nameOf(box) {
    return form.querySelector("label[for='" + box.id + "']").textContent.trim();
  }
  find.addEventListener("input", matches);
  find.addEventListener("keydown", function (event) {
    if (event.key !== "Enter") return;
    event.preventDefault();  // Enter here ticks; it never saves the list half done
    if (!find.value.trim()) return;
    var found = matches();
    var text = find.value.trim();
    // The first one not yet ticked: "bert" after Albert is ticked means Bert.
    var next = found.filter(function (box) { return !box.checked; })[0];
    if (next) {
      next.checked = true;
      show();
      say(said.dataset.ticked, { name: nameOf(next) });
      find.value = "";
      matches();
    } else if (found.length) {
      say(said.dataset.allTicked, { text: text, names: found.map(nameOf).join(", ") });
    } else {
      say(said.dataset.none, { text: text });
    }
  });
  show();
})();
