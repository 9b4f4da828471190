"""The words of Master & Commander in English and in French, as the rule book writes them.

The reports name the game's things from this table, and the order parser reads it to accept the
French words beside the English ones (``orders.french_to_english``): one table for both.

Where each French word comes from (the rule book, ``000_edd756956344eeef.txt``):

* the factions: INTRODUCTION (« la puissante marine espagnole, la marine anglaise [...] la marine
  française [...] les féroces frères de la côte [...] les flibustiers et les boucaniers [...] les
  contrebandiers, les amoraux esclavagistes et le vaisseau fantôme »);
* the piles and places: Mise en place and the table's picture (« pile équipage », « pile
  exploration », « deck aventure », « taverne », « main », « pile de défausse », « pile des morts »,
  « repaire », « nouvelle recrue », « Compagnie des Indes », « ICROE »);
* the kinds of cards: APERÇU DES DIFFÉRENTES CARTES (« repaire », « territoire », « personnage »,
  « soutien », « objet », « accord commercial », « action », « manœuvre », « évènement »), and
  « réactions politiques » (Etablir un nouvel accord);
* the resources: But du jeu and Matériel (« Or », « Doublons »);
* the phases: Phases d'un tour (« Retour au port », « Phase de collecte », « Phase d'évènement »,
  « Phase principale », « Intervalle de préparation », « Intervalle de Raid », « Phase de négoce »,
  « Recrutement », « Fin du tour »);
* the grades and their votes: Etablir un nouvel accord (« Maitre d'équipage », « Bosco »,
  « Lieutenant », « Second », « Capitaine », « Gouverneur », « voix »);
* the seas: the book names « les sept mers » and no sea; the seven of the project's territories
  (``caribbean``...) are named as a French atlas names them;
* the values of a card: « conquête », « diplomatie », « combat », « commandement » (Intervalle de
  Raid, Déroulement d'une bataille), « coût » (Jouer des attachements);
* the battle and its results: Déroulement d'une bataille (« attaquant », « défenseur », « alliés »,
  « bataille tactique », « bataille économique », « segment d'engagement », « segment de
  manœuvre », « segment de résolution », « Pillage », « Conquête », « Contestation », « Capture »,
  « Banqueroute », « Duel », « défi »), Partie multi-joueurs (« ravisseur », printed « ravisueur »,
  « enchère »);
* the orders' verbs, each the book's own verb for the step: « refaire sa main », « attacher »,
  « Réaffecter », « Jouer », « utiliser », « Explorer », « lancer un raid », « Réfuter », « Etablir
  un nouvel accord », « acheter », « vendre », « demander une rançon », « enrôler », « recruter »,
  « écarté », « rallier », « défausser », « passer », « miser », « pour », « contre », « s'abstenir »,
  « s'opposer », « demander de l'aide », « capturer », « envoyer », « accepter », « refuser »,
  « mettre fin au duel », « payer », « proposer une rançon »; « termes » (« indiquez les termes de
  l'accord »).

The book prints no card list: the cards are the project's own (``data/*.toml``) and keep the names
the project gives them in every language; a deck's name is the book's faction. The words the book
does not give (the keywords of a line: ``avec``, ``sur``, ``à``..., and the standing answers, a
play-by-email addition) are plain French.
"""

from __future__ import annotations

from adjudicator.games.language import Glossary, Term


def _t(key: str, en: str, fr: str, *fr_words: str, en_plural: str = "", fr_plural: str = "") -> Term:
    return Term(key, en=en, fr=fr, en_plural=en_plural, fr_plural=fr_plural, fr_words=fr_words)


GLOSSARY = Glossary(
    (
        # -- the factions (the seats are named after their decks) -------------------------------------
        _t(
            "spanish",
            "spanish",
            "marine espagnole",
            "espagnols",
            "espagnol",
            en_plural="spanish",
            fr_plural="marine espagnole",
        ),
        _t(
            "english",
            "english",
            "marine anglaise",
            "anglais",
            en_plural="english",
            fr_plural="marine anglaise",
        ),
        _t(
            "french",
            "french",
            "marine française",
            "français",
            "française",
            en_plural="french",
            fr_plural="marine française",
        ),
        _t("brethren", "brethren", "frères de la côte", en_plural="brethren", fr_plural="frères de la côte"),
        _t("buccaneers", "buccaneers", "boucaniers", en_plural="buccaneers", fr_plural="boucaniers"),
        _t("filibusters", "filibusters", "flibustiers", en_plural="filibusters", fr_plural="flibustiers"),
        _t("smugglers", "smugglers", "contrebandiers", en_plural="smugglers", fr_plural="contrebandiers"),
        _t("slavers", "slavers", "esclavagistes", en_plural="slavers", fr_plural="esclavagistes"),
        _t(
            "ghost-ship",
            "ghost-ship",
            "vaisseau fantôme",
            en_plural="ghost-ship",
            fr_plural="vaisseau fantôme",
        ),
        # -- places, piles and cards ------------------------------------------------------------------------
        _t("haven", "haven", "repaire", fr_plural="repaires"),
        _t("territory", "territory", "territoire", en_plural="territories"),
        _t("character", "character", "personnage"),
        _t("independent", "independent", "indépendant"),
        _t("new-recruit", "new recruit", "nouvelle recrue", fr_plural="nouvelles recrues"),
        _t("barren-island", "barren island", "île sans grand intérêt", fr_plural="îles sans grand intérêt"),
        _t("item", "item", "objet"),
        _t("support", "support", "soutien"),
        _t("supports-of", "supports of", "soutiens de", en_plural="supports of", fr_plural="soutiens de"),
        _t(
            "agreement",
            "agreement",
            "accord commercial",
            "accord",
            "accords",
            fr_plural="accords commerciaux",
        ),
        _t("action", "action", "action"),
        _t("manoeuvre", "manoeuvre", "manœuvre", "manoeuvres"),
        _t("event", "event", "évènement", "événement", "événements"),
        _t(
            "reaction",
            "reaction",
            "réaction politique",
            "réaction",
            "réactions",
            fr_plural="réactions politiques",
        ),
        _t("crew-pile", "crew pile", "pile équipage", "pile d'équipage", fr_plural="piles équipage"),
        _t(
            "exploration-pile",
            "exploration pile",
            "pile exploration",
            "pile d'exploration",
            fr_plural="piles exploration",
        ),
        _t("adventure-deck", "adventure deck", "deck aventure", fr_plural="decks aventure"),
        _t("tavern", "tavern", "taverne"),
        _t("hand", "hand", "main"),
        _t("discard-pile", "discard pile", "pile de défausse", fr_plural="piles de défausse"),
        _t("dead-pile", "dead pile", "pile des morts", fr_plural="piles des morts"),
        _t(
            "india-company",
            "India Company",
            "Compagnie des Indes",
            en_plural="India Company",
            fr_plural="Compagnie des Indes",
        ),
        _t("icroe", "ICROE", "ICROE", en_plural="ICROE", fr_plural="ICROE"),
        # the seas of the project's territories (the book names only « les sept mers »)
        _t("caribbean", "caribbean", "Caraïbes", en_plural="caribbean", fr_plural="Caraïbes"),
        _t("atlantic", "atlantic", "Atlantique", en_plural="atlantic", fr_plural="Atlantique"),
        _t(
            "mediterranean",
            "mediterranean",
            "Méditerranée",
            en_plural="mediterranean",
            fr_plural="Méditerranée",
        ),
        _t("north-sea", "north-sea", "mer du Nord", en_plural="north-sea", fr_plural="mer du Nord"),
        _t("indian", "indian", "océan Indien", en_plural="indian", fr_plural="océan Indien"),
        _t("pacific", "pacific", "Pacifique", en_plural="pacific", fr_plural="Pacifique"),
        _t("china", "china", "mer de Chine", en_plural="china", fr_plural="mer de Chine"),
        _t("seven-seas", "seven seas", "sept mers", en_plural="seven seas", fr_plural="sept mers"),
        # -- resources -------------------------------------------------------------------------------------
        _t("gold", "gold", "Or", en_plural="gold", fr_plural="Or"),
        _t("doublon", "doublon", "doublon"),
        # -- phases ----------------------------------------------------------------------------------------
        _t(
            "return-to-port",
            "return to port",
            "retour au port",
            fr_plural="retour au port",
            en_plural="return to port",
        ),
        _t("collection", "collection", "phase de collecte", "collecte"),
        _t("event-phase", "event phase", "phase d'évènement", fr_plural="phases d'évènement"),
        _t("main-phase", "main phase", "phase principale", fr_plural="phases principales"),
        _t(
            "preparation-interval",
            "preparation interval",
            "intervalle de préparation",
            fr_plural="intervalles de préparation",
        ),
        _t("raid-interval", "raid interval", "intervalle de raid", fr_plural="intervalles de raid"),
        _t("trade-phase", "trade phase", "phase de négoce", fr_plural="phases de négoce"),
        _t("recruitment", "recruitment", "recrutement"),
        _t("end-of-turn", "end of turn", "fin du tour", en_plural="end of turn", fr_plural="fin du tour"),
        _t("turn", "turn", "tour"),
        # -- grades and values ---------------------------------------------------------------------------
        _t("bosun", "bosun", "maître d'équipage", fr_plural="maîtres d'équipage"),
        _t("boatswain", "boatswain", "bosco"),
        _t("lieutenant", "lieutenant", "lieutenant"),
        _t("second", "second", "second"),
        _t("captain", "captain", "capitaine"),
        _t("governor", "governor", "gouverneur"),
        _t("vote", "vote", "voix", "voter", "vote", fr_plural="voix"),
        _t("conquest", "conquest", "conquête"),
        _t("diplomacy", "diplomacy", "diplomatie", en_plural="diplomacy", fr_plural="diplomatie"),
        _t("combat", "combat", "combat"),
        _t("command", "command", "commandement"),
        _t("cost", "cost", "coût"),
        _t("production", "production", "production"),
        # -- battles and their results ---------------------------------------------------------------------
        _t("attacker", "attacker", "attaquant"),
        _t("defender", "defender", "défenseur"),
        _t("ally", "ally", "allié", "s'allier", "allier", en_plural="allies"),
        _t("captor", "captor", "ravisseur", "ravisueur"),
        _t("tactical-battle", "tactical battle", "bataille tactique", fr_plural="batailles tactiques"),
        _t("economic-battle", "economic battle", "bataille économique", fr_plural="batailles économiques"),
        _t("battle", "battle", "bataille"),
        _t(
            "engagement-segment",
            "engagement segment",
            "segment d'engagement",
            fr_plural="segments d'engagement",
        ),
        _t(
            "manoeuvre-segment",
            "manoeuvre segment",
            "segment de manœuvre",
            "segment de manoeuvre",
            fr_plural="segments de manœuvre",
        ),
        _t(
            "resolution-segment",
            "resolution segment",
            "segment de résolution",
            fr_plural="segments de résolution",
        ),
        _t("pillage", "pillage", "pillage", "piller"),
        _t("contestation", "contestation", "contestation"),
        _t("bankruptcy", "bankruptcy", "banqueroute", en_plural="bankruptcies"),
        _t("duel", "duel", "duel"),
        _t("challenge", "challenge", "défi", "défier"),
        _t("referendum", "referendum", "référendum"),
        _t("victory", "victory", "victoire", en_plural="victories"),
        _t("tapped", "tapped", "incliné", en_plural="tapped", fr_plural="inclinés"),
        _t("untapped", "untapped", "redressé", en_plural="untapped", fr_plural="redressés"),
        # -- the orders' verbs ---------------------------------------------------------------------------
        _t("keep", "keep", "garder", "conserver", en_plural="keep", fr_plural="garder"),
        _t("mulligan", "mulligan", "refaire", "refaire sa main", en_plural="mulligan", fr_plural="refaire"),
        _t("attach", "attach", "attacher", "affecter", en_plural="attach", fr_plural="attacher"),
        _t("reassign", "reassign", "réaffecter", "réassigner", en_plural="reassign", fr_plural="réaffecter"),
        _t("play", "play", "jouer", en_plural="play", fr_plural="jouer"),
        _t("use", "use", "utiliser", en_plural="use", fr_plural="utiliser"),
        _t("explore", "explore", "explorer", en_plural="explore", fr_plural="explorer"),
        _t("raid", "raid", "raid", "lancer un raid"),
        _t("refute", "refute", "réfuter", en_plural="refute", fr_plural="réfuter"),
        _t("buy", "buy", "acheter", en_plural="buy", fr_plural="acheter"),
        _t("sell", "sell", "vendre", en_plural="sell", fr_plural="vendre"),
        _t("ransom", "ransom", "rançon", "demander une rançon", "demander rançon"),
        _t("enlist", "enlist", "enrôler", en_plural="enlist", fr_plural="enrôler"),
        _t("recruit", "recruit", "recruter", en_plural="recruit", fr_plural="recruter"),
        _t("dismiss", "dismiss", "écarter", "congédier", en_plural="dismiss", fr_plural="écarter"),
        _t("rally", "rally", "rallier", en_plural="rally", fr_plural="rallier"),
        _t("discard", "discard", "défausser", en_plural="discard", fr_plural="défausser"),
        _t("wait", "wait", "attendre", en_plural="wait", fr_plural="attendre"),
        _t("pass", "pass", "passer", "passe", en_plural="pass", fr_plural="passer"),
        _t("later", "later", "plus tard", "demander plus tard", en_plural="later", fr_plural="plus tard"),
        _t("bid", "bid", "mise", "miser", fr_plural="mises"),
        _t("for", "for", "pour", en_plural="for", fr_plural="pour"),
        _t("against", "against", "contre", en_plural="against", fr_plural="contre"),
        _t(
            "abstain",
            "abstain",
            "s'abstenir",
            "abstention",
            "m'abstenir",
            en_plural="abstain",
            fr_plural="s'abstenir",
        ),
        _t(
            "oppose", "oppose", "s'opposer", "opposer", "m'opposer", en_plural="oppose", fr_plural="s'opposer"
        ),
        _t(
            "no-opposition",
            "no opposition",
            "pas d'opposition",
            "aucune opposition",
            en_plural="no opposition",
            fr_plural="pas d'opposition",
        ),
        _t("ask", "ask", "demander", "demander l'aide de", en_plural="ask", fr_plural="demander"),
        _t("capture", "capture", "capturer", "capture", fr_plural="captures"),
        _t("send", "send", "envoyer", en_plural="send", fr_plural="envoyer"),
        _t("decline", "decline", "décliner", en_plural="decline", fr_plural="décliner"),
        _t("accept", "accept", "accepter", en_plural="accept", fr_plural="accepter"),
        _t("refuse", "refuse", "refuser", en_plural="refuse", fr_plural="refuser"),
        _t(
            "stop",
            "stop",
            "mettre fin au duel",
            "arrêter",
            "fin du duel",
            en_plural="stop",
            fr_plural="mettre fin au duel",
        ),
        _t("pay", "pay", "payer", en_plural="pay", fr_plural="payer"),
        _t("offer", "offer", "proposer", "offrir", "offre", en_plural="offer", fr_plural="proposer"),
        _t(
            "no-offer",
            "no offer",
            "pas d'offre",
            "aucune offre",
            en_plural="no offer",
            fr_plural="pas d'offre",
        ),
        _t("standing", "standing", "consigne", "ordre permanent"),
        # -- the other words of a line -------------------------------------------------------------------
        _t("with", "with", "avec", en_plural="with", fr_plural="avec"),
        _t("to", "to", "à", "au", "aux", en_plural="to", fr_plural="à"),
        _t("on", "on", "sur", en_plural="on", fr_plural="sur"),
        _t("from", "from", "depuis", en_plural="from", fr_plural="depuis"),
        _t("by", "by", "par", en_plural="by", fr_plural="par"),
        _t("term", "term", "terme"),
        _t(
            "each-voter-for",
            "each voter for",
            "chaque votant pour",
            "chaque électeur pour",
            en_plural="each voter for",
            fr_plural="chaque votant pour",
        ),
        _t("all", "all", "tous", "tout", "toutes", en_plural="all", fr_plural="tous"),
        _t("best", "best", "meilleur", "le meilleur", en_plural="best", fr_plural="meilleur"),
        _t(
            "best-offer",
            "best offer",
            "meilleur offrant",
            "meilleure offre",
            en_plural="best offer",
            fr_plural="meilleur offrant",
        ),
        _t("none", "none", "aucun", "personne", en_plural="none", fr_plural="aucun"),
        _t("and", "and", "et", en_plural="and", fr_plural="et"),
        _t("free", "free", "libérer", en_plural="free", fr_plural="libérer"),
        _t("return", "return", "rendre", en_plural="return", fr_plural="rendre"),
        _t("clear", "clear", "effacer", "annuler", en_plural="clear", fr_plural="effacer"),
        _t("never", "never", "jamais", "ne jamais", en_plural="never", fr_plural="jamais"),
        _t("always", "always", "toujours", en_plural="always", fr_plural="toujours"),
        _t("below", "below", "sous", "moins de", en_plural="below", fr_plural="sous"),
        _t("others", "others", "les autres", "autres", en_plural="others", fr_plural="les autres"),
        _t("nothing", "nothing", "rien", en_plural="nothing", fr_plural="rien"),
        _t("mine", "mine", "les miens", "miens", en_plural="mine", fr_plural="les miens"),
        _t(
            "stop-using",
            "stop using",
            "cesser d'utiliser",
            "arrêter d'utiliser",
            en_plural="stop using",
            fr_plural="cesser d'utiliser",
        ),
        _t(
            "at-start",
            "at start of opponents' turns",
            "au début des tours adverses",
            en_plural="at start of opponents' turns",
            fr_plural="au début des tours adverses",
        ),
        _t(
            "at-end",
            "at end of opponents' turns",
            "à la fin des tours adverses",
            en_plural="at end of opponents' turns",
            fr_plural="à la fin des tours adverses",
        ),
        _t("end", "end", "fin", en_plural="end", fr_plural="fin"),
    )
)
