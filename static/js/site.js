// Every page: the language menu switches as soon as a language is picked.
document.querySelectorAll("select[data-submit-on-change]").forEach(function (select) {
  select.addEventListener("change", function () { select.form.submit(); });
});

// The larger-text switch works in place, so a phone keeps what was typed; the cookie is
// the one config/text_size.py sets without scripts, read by the server on the next page.
document.querySelectorAll("#text-size").forEach(function (form) {
  var button = form.querySelector("button[name=size]");
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var large = button.getAttribute("aria-pressed") !== "true";
    document.documentElement.classList.toggle("large-text", large);
    document.cookie = "text_size=" + (large ? "large" : "normal") +
      "; max-age=31536000; path=/; samesite=lax";
    button.setAttribute("aria-pressed", large ? "true" : "false");
    button.value = large ? "normal" : "large";
  });
});
