// Every word the board editor's page shows, in one place, in the page's language (the game's own words are in
// its editor.js).
import {tr, trn} from "/static/i18n.js";

export const STRINGS = {
  pageTitle: (title) => tr("{title}: board editor · tabletop", {title}),
  title: (title) => tr("Board editor: {title}", {title}),
  boardTitle: tr("The board"),
  boardHelp: tr("Choose a place on the board to change it (arrow keys move, Enter chooses). "
    + "Every change is checked at once by the server, with the same checks as a file."),
  placeTitle: tr("Selected"),
  nothingSelected: tr("Nothing is selected: choose a place on the board."),
  checkTitle: tr("Check"),
  checking: tr("Checking…"),
  fine: tr("The board is fine: the game loads it and every place can be reached."),
  problems: (n) => trn("{n} problem: the game cannot be played on this board yet.",
    "{n} problems: the game cannot be played on this board yet.", n),
  offline: (message) => tr("The check could not be made: {message}", {message}),
  notToml: tr("This file is not TOML the editor can read."),
  problemKinds: {file: tr("The game refuses it"), place: tr("Unreachable"), play: tr("In play")},
  showPlace: tr("Show on the board"),
  problemHere: (messages) => tr("Problem: {problems}", {problems: messages.join(" ")}),
  // written into the file: a comment, in the editor's language
  fileComment: (title) => tr("A board of one's own for {title}, written by the tabletop board editor.", {title}),
  fileTitle: tr("File"),
  undo: tr("Undo"),
  redo: tr("Redo"),
  download: tr("Download TOML"),
  upload: tr("Open a TOML file"),
  reset: tr("Start from the packaged board"),
  resetConfirm: tr("Start again from the packaged board? Your changes will be lost."),
  play: tr("Play on this board"),
  playDisabled: tr("Play on this board (fix the problems first)"),
  fileNote: (bytes, limit, digest) => tr("{bytes} bytes of TOML (at most {limit}), sha256 {digest}. Comments are not "
    + "kept; the source and note fields are.", {bytes, limit, digest: digest.slice(0, 12)}),
  opened: (name) => tr("Opened {name}.", {name}),
  tooLarge: (limit) => tr("That file is larger than a board may be ({limit} bytes).", {limit}),
  profileTitle: tr("Profile"),
  profileHelp: (games, seconds) => tr("Random games on this board: their length, each seat's win rate and the "
    + "game's own rates, with 95% intervals. The server plays at most {games} games in {seconds} s.",
  {games, seconds}),
  players: tr("Players"),
  games: tr("Games"),
  profileRun: tr("Profile the board"),
  profiling: (games) => trn("Playing {n} random game…", "Playing {n} random games…", games),
  profiled: (games, cut) => (cut
    ? trn("{n} random game played (the time allowed ran out).", "{n} random games played (the time allowed ran out).",
      games)
    : trn("{n} random game played.", "{n} random games played.", games)),
  profileNeedsFine: tr("Fix the problems first: only a board the game loads can be profiled."),
  profileColumns: ["", tr("value"), tr("95% interval")],
  meanTurns: tr("mean turns"),
  meanOf: (figure) => tr("mean {figure}", {figure}),
  unfinished: (n) => trn("{n} game reached the turn limit", "{n} games reached the turn limit", n),
  previewTitle: tr("As played"),
  previewHelp: tr("The board as the game page draws it, once the setup is done."),
  previewNone: tr("Shown once the board has no problems."),
};
