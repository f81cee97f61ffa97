import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// Issue 13 item 4: the embed code `<script async src="…/widget.js" data-widget="slug">`. Two small scripts, no
// framework, written as plain ES5 so every browser an agency's customer has runs them:
// - the loader (on the agency's page): puts the shop in an iframe after the script tag, passes the language and the
//   currency (shown beside the shop's own at the fixed rate; prices are charged in the shop's), sizes the
//   frame to its content from the frame's messages — only messages from the portal's origin and from that very frame
//   — and, when the shop has not answered within 15 s (or answered that it failed), shows a visible error with a
//   retry instead of an empty box. No cookies of its own.
// - the frame script (in the shop, embed mode): tells the page its height when it loads and whenever it changes —
//   the body's, not the document's scroll height, which never falls below the frame's own height, so a frame that
//   went from a long page to a short one would keep the long one's height. A page opened in the frame (the shop's
//   next step) says so, and the loader brings the frame's top into view when the agency's page was scrolled past it.

export const EMBED_MESSAGE = 'b2b-widget:height';

export const LOADER_SOURCE = `(function(){"use strict";
var T=${JSON.stringify(EMBED_MESSAGE)},L={en:["The shop could not be loaded.","Try again"],ru:["Не удалось загрузить магазин.","Повторить"]};
function mount(s){if(s.getAttribute("data-mounted"))return;s.setAttribute("data-mounted","1");
var slug=s.getAttribute("data-widget")||"",lang=s.getAttribute("data-language")||"",cur=s.getAttribute("data-currency")||"",o;
try{o=new URL(s.src).origin}catch(e){return}
var w=L[lang]||L[(document.documentElement.lang||"en").slice(0,2)]||L.en,box=document.createElement("div"),f,t,ok;
box.className="b2b-widget";box.style.cssText="width:100%;max-width:100%";s.parentNode.insertBefore(box,s.nextSibling);
function fail(){if(ok)return;box.innerHTML="";var p=document.createElement("div"),b=document.createElement("button");
p.setAttribute("role","alert");p.setAttribute("data-b2b-widget-error","1");
p.style.cssText="padding:16px;border:1px solid #f1aeb5;border-radius:8px;background:#fff5f5;color:#842029;font:15px/1.4 system-ui,sans-serif";
p.appendChild(document.createTextNode(w[0]+" "));b.type="button";b.textContent=w[1];
b.style.cssText="margin-left:8px;padding:4px 12px;border:1px solid #842029;border-radius:6px;background:#fff;color:#842029;cursor:pointer";
b.onclick=load;p.appendChild(b);box.appendChild(p)}
function load(){ok=false;box.innerHTML="";f=document.createElement("iframe");
f.src=o+"/w/"+encodeURIComponent(slug)+"?embed=1"+(lang?"&language="+encodeURIComponent(lang):"")+(cur?"&currency="+encodeURIComponent(cur):"");
f.title=slug;f.setAttribute("loading","lazy");f.style.cssText="display:block;width:100%;height:480px;border:0";
box.appendChild(f);clearTimeout(t);t=setTimeout(fail,15000)}
window.addEventListener("message",function(e){if(!f||e.origin!==o||e.source!==f.contentWindow)return;
var d=e.data;if(!d||d.type!==T)return;if(d.failed){clearTimeout(t);fail();return}
ok=true;clearTimeout(t);var h=Math.ceil(+d.height);if(h>0&&h<100000)f.style.height=h+"px";
if(d.opened&&f.getBoundingClientRect().top<0)f.scrollIntoView()});
load()}
var all=document.querySelectorAll("script[data-widget]");for(var i=0;i<all.length;i++)mount(all[i]);
})();`;

export const FRAME_SOURCE = `(function(){"use strict";
var T=${JSON.stringify(EMBED_MESSAGE)},last=0;
if(document.documentElement.hasAttribute("data-failed")){parent.postMessage({type:T,failed:true},"*");return}
function send(){var h=Math.ceil(document.body.getBoundingClientRect().height);if(h===last)return;
parent.postMessage({type:T,height:h,opened:!last},"*");last=h}
window.addEventListener("load",send);send();
if(window.ResizeObserver)new ResizeObserver(send).observe(document.body);else setInterval(send,500);
})();`;

// The card step of a widget sale paid through Stripe (PAYMENT_PROVIDER=stripe): Stripe.js's Payment Element on the
// sale's own page, which is a top-level tab (the embed code opens the pay step in a new one). The page carries the
// publishable key, the charge's client secret and its words; the money counts only once the server has it from Stripe
// (webhook or its check when the page reloads), never from this script's word. Once Stripe accepted the card the page
// reloads as "confirming": it waits for the server's word instead of showing the form again.
export const STRIPE_PAY_PATH = '/w/stripe-pay.js';
export const STRIPE_PAY_SOURCE = `(function(){"use strict";
var box=document.getElementById("card-form");if(!box)return;
var slot=document.getElementById("card-element"),btn=document.getElementById("card-pay"),msg=document.getElementById("card-error"),stripe,elements;
function say(t){msg.textContent=t;msg.hidden=!t}
function failed(){say(box.getAttribute("data-load-failed"));btn.disabled=true}
function mount(){stripe=window.Stripe(box.getAttribute("data-key"));
elements=stripe.elements({clientSecret:box.getAttribute("data-secret"),locale:document.documentElement.lang||"en"});
var el=elements.create("payment",{layout:"tabs"});el.on("ready",function(){btn.disabled=false});el.on("loaderror",failed);el.mount(slot)}
var s=document.createElement("script");s.src="https://js.stripe.com/v3/";s.onload=function(){try{mount()}catch(e){failed()}};s.onerror=failed;
document.head.appendChild(s);
btn.addEventListener("click",function(){if(!elements)return;btn.disabled=true;say("");
stripe.confirmPayment({elements:elements,confirmParams:{return_url:location.href},redirect:"if_required"}).then(function(r){
if(r.error){say(r.error.message||box.getAttribute("data-declined"));btn.disabled=false}
else location.replace(location.href+(location.search?"&":"?")+"confirming=1")},
function(){say(box.getAttribute("data-declined"));btn.disabled=false})});
})();`;

export type CompressedScript = { raw: Buffer; gzip: Buffer; br: Buffer };

export function compressScript(source: string): CompressedScript {
  const raw = Buffer.from(source, 'utf8');
  return {
    raw,
    gzip: gzipSync(raw, { level: 9 }),
    br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  };
}
