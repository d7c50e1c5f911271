// Shows the page the build prerendered for this address (a <template> in index.html) before the app's
// scripts arrive; the app then hydrates it. An external file, so the CSP needs no inline script.
(function () {
  var root = document.getElementById('root');
  var templates = document.querySelectorAll('template[data-prerender]');
  for (var i = 0; i < templates.length; i += 1) {
    var template = templates[i];
    if (root && !root.firstChild && template.getAttribute('data-prerender') === location.pathname) {
      root.appendChild(template.content.cloneNode(true));
    }
    template.remove();
  }
})();
