// An outside bot in JavaScript (node, standard library only), to show that the protocol
// belongs to no language: the same play as protocol_bot.py.
//
//     ningde arena --bot-cmd "node docs/examples/protocol_bot.js"
//     ningde join ws://HOST:PORT/ROOM --bot-cmd "node docs/examples/protocol_bot.js"
//
// It reads the room's messages on stdin, one JSON object a line (docs/bots-protocol.md), and
// answers every `state` whose obs.legal is not empty with one act object a line on stdout:
// 胡 whenever it may, never claims, and discards its loneliest tile.
"use strict";

const readline = require("node:readline");

// How many tiles of the hand lie within two of `tile` in its suit (itself counted).
function neighbours(tile, hand) {
  if (tile === "w") return hand.filter((t) => t === tile).length * 3;
  const rank = Number(tile[0]);
  const suit = tile[1];
  return hand.filter((t) => t !== "w" && t[1] === suit && Math.abs(Number(t[0]) - rank) <= 2)
    .length;
}

function choose(obs) {
  for (const wanted of ["win", "three_gold", "rob_gold", "pass"]) {
    const action = obs.legal.find((a) => a.a === wanted);
    if (action) return action;
  }
  const discards = obs.legal.filter((a) => a.a === "discard");
  if (discards.length === 0) return obs.legal[0];
  const value = (a) => neighbours(a.tile, obs.hand);
  discards.sort((x, y) => value(x) - value(y) || (x.tile < y.tile ? -1 : x.tile > y.tile ? 1 : 0));
  return discards[0];
}

const lines = readline.createInterface({ input: process.stdin });
lines.on("line", (line) => {
  const message = JSON.parse(line);
  if (message.t === "state" && message.obs.legal.length > 0) {
    const answer = { t: "act", seq: message.seq, ...choose(message.obs) };
    process.stdout.write(JSON.stringify(answer) + "\n");
  }
});
