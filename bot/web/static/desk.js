// The teacher's desk's one script. Inside Telegram: tell the client the page is ready and, on the
// sign-in page, trade the Mini App's signed initData for a session, then go where the teacher was going.
// Everything else works without script.
(function () {
  "use strict";
  var tg = window.Telegram && window.Telegram.WebApp;
  if (tg) {
    tg.ready();
    tg.expand();
  }
  var box = document.getElementById("signin");
  if (!box) {
    sessionStorage.removeItem("desk-signed-in"); // signed in: the cookie stuck
    return;
  }
  function show(id, text) {
    document.getElementById("signin-checking").hidden = true;
    var el = document.getElementById(id);
    if (text) {
      el.textContent = text;
    }
    el.hidden = false;
  }
  if (!tg || !tg.initData) {
    show("signin-outside");
    return;
  }
  var next = box.getAttribute("data-next") || "/";
  // Back here right after signing in: the cookie did not stick (a browser that blocks cookies in frames).
  if (sessionStorage.getItem("desk-signed-in") === next) {
    sessionStorage.removeItem("desk-signed-in");
    show("signin-no-cookie");
    return;
  }
  var body = new URLSearchParams({ init_data: tg.initData, next: next });
  fetch("/auth/telegram", { method: "POST", body: body, credentials: "same-origin" })
    .then(function (response) {
      return response.json().then(function (data) {
        if (response.ok) {
          sessionStorage.setItem("desk-signed-in", data.next);
          location.replace(data.next);
        } else {
          show("signin-error", data.error);
        }
      });
    })
    .catch(function () {
      show("signin-error", "—");
    });
})();
