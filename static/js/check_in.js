// The check-in list: the table count and sit-outs the ticked players give, before it is saved.
(function () {
  var form = document.getElementById("check-in"), plan = document.getElementById("live-plan");
  if (!form || !plan) return;
  var boxes = form.querySelectorAll("input[name=present]");
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
  show();
})();
