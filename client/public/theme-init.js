// Applies the saved theme before first paint (an external file, so the CSP needs no inline script).
try {
  if (localStorage.getItem('theme') === 'dark') document.documentElement.classList.add('dark');
} catch (_error) {
  // Storage unavailable (privacy mode): stay light.
}
