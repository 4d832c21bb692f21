// Every page: the language menu switches as soon as a language is picked.
document.querySelectorAll("select[data-submit-on-change]").forEach(function (select) {
  select.addEventListener("change", function () { select.form.submit(); });
});
