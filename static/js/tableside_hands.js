// The table page of a bid whist drive. The server checks each hand and shows its points
// (scoring.bidwhist counts them; nothing here repeats a rule); once it has, any change
// asks for the points again before sending. "Everyone passed" ticks the dealer's side, and
// no trumps clears the suit. Listeners sit on the document: tableside.js replaces the
// page's content with each answer from the server.
(function () {
  "use strict";

  function form(target) { return target.closest && target.closest("form[data-hands]"); }

  document.addEventListener("change", function (event) {
    var entry = form(event.target);
    if (!entry) return;
    var field = event.target;
    var hand = field.closest("fieldset.hand");
    if (hand && /_forced$/.test(field.name) && field.checked) {
      var side = field.closest("[data-dealer-side]").dataset.dealerSide;
      hand.querySelectorAll('input[name$="_declarers"]').forEach(function (radio) {
        radio.checked = radio.value === side;
      });
    }
    if (hand && /_strain$/.test(field.name) && field.value === "nt") {
      hand.querySelectorAll('input[name$="_trumps"]').forEach(function (radio) {
        radio.checked = radio.value === "NT";
      });
    }
    var step = entry.querySelector('input[name="step"]');
    if (step && step.value === "send") {
      step.value = "check";
      entry.querySelectorAll("[data-points]").forEach(function (p) { p.hidden = true; });
      var send = document.getElementById("send-hands");
      var check = document.getElementById("check-hands");
      if (send) send.hidden = true;
      if (check) check.hidden = false;
    }
  });
})();
