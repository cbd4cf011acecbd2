// Put a league's public standings in an iframe where this script stands, on a club's site.
// It finds the page from its own address, so it works behind any proxy; data-lang on the
// script tag chooses the language, data-height the frame's height in pixels.
(function () {
  var me = document.currentScript;
  if (!me) { return; }
  var page = me.src.replace(/\/embed\.js(\?.*)?$/, "");
  var lang = me.getAttribute("data-lang");
  var frame = document.createElement("iframe");
  frame.src = lang ? page + "?lang=" + encodeURIComponent(lang) : page;
  frame.title = me.getAttribute("data-title") || "pokertd";
  frame.style.width = "100%";
  frame.style.border = "0";
  frame.height = String(parseInt(me.getAttribute("data-height"), 10) || 600);
  me.parentNode.insertBefore(frame, me.nextSibling);
})();
