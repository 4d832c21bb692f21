// The check-in list: the table count and sit-outs the ticked players give, before it is
// saved; type a name to find a player (Enter ticks the first match); tick the regulars.
(function () {
  var form = document.getElementById("check-in"), plan = document.getElementById("live-plan");
  if (!form || !plan) return;
  var boxes = Array.prototype.slice.call(form.querySelectorAll("input[name=present]"));
  function show() {
    var ticked = 0;
    boxes.forEach(function (box) { if (box.checked) ticked++; });
    var tables = Math.floor(ticked / 4), sitting = ticked % 4;
    if (plan.dataset.fixedPartners) {  // pairs play; an odd pair meets a phantom
      var pairs = Math.floor(ticked / 2);
      tables = Math.ceil(pairs / 2); sitting = 2 * (pairs % 2) + ticked % 2;
    }
    plan.querySelector("[data-count=ticked]").textContent = ticked;
    plan.querySelector("[data-count=tables]").textContent = tables;
    plan.querySelector("[data-count=sitting]").textContent = sitting;
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
  find.addEventListener("input", matches);
  find.addEventListener("keydown", function (event) {
    if (event.key !== "Enter") return;
    event.preventDefault();  // Enter here ticks; it never saves the list half done
    var found = matches();
    if (find.value && found.length) {
      found[0].checked = true;
      show();
      find.value = "";
      matches();
    }
  });
  show();
})();
