// Silent renew page for oidc-client-ts (loaded in a hidden iframe by UserManager.signinSilent).
// It does what UserManager.signinSilentCallback() does: hand the redirect URL (with the code
// and state) to the parent window, which completes the exchange. A separate file rather than
// an inline script so a strict Content-Security-Policy (script-src 'self') allows it.
(() => {
  if (window.parent && window.parent !== window) {
    window.parent.postMessage(
      { source: 'oidc-client', url: window.location.href, keepOpen: false },
      window.location.origin,
    );
  }
})();
