"""The words of Eollis in English and in French, read by the reports and by the order parser.

The French words are the rule book's (``shared/rules/001_982df05018247289.txt``, French):

* the ship and its posts, from "Préparation" and "Liste des Postes": navire, fond de cale (la
  Cale), Capitaine, Second, Prêtre, Vigie, Cuisinier (the book also writes Cuistot), Harponneur,
  Alti-Maître (also Alti-Maitre), Bosco, Armurier, Marin, Canonnier (the sharing list writes
  Canonier); the English texts of the game keep the book's post names, with English aliases;
* the pieces and the tracks, from "Matériel" and "Dégâts aux ballons": pion Ballon, dégâts aux
  ballons, case, cagnotte, or, banque, piste de renommée, renommée, Pirates Minables, dé;
* the cards, from "Les cartes": cartes Pirate, Action, Exploit, Bagarre, Mission Secrète and
  Événement (the book also writes Évènement); the special Events of "Événement spécial": Chasse au
  Dragon, Île Sauvage, Tempête;
* the phases, from "Déroulement général": Expédition, Aventure Aérienne, Taverne, tirage de cartes
  Action, recrutement, élection, embarquement, partage de la cagnotte, bagarre, mutinerie,
  décision; the roles of "Mutinerie": mutin, chef des mutins, camp; "Pirate fantôme": fantôme;
* the skills of "Les cartes Pirate": Navigation, Combat, Bagou; "Réussite" and "Échec";
* the order verbs, from the book's own verbs for each act: se défausser, conserver (the surviving
  pirates), recruter, candidat au poste, jouer, aider, gêner, pouvoir, tester ("chaque joueur
  teste l'événement"), réparer ("jet de réparation"), révéler, refuser, continuer, rentrer au
  port, échanger (two pirates' posts), donner (the Bosco's card), sacrifier, condamner, choisir
  son camp; the project's own for what the book leaves to the table (renvoyer a pirate,
  embarquer in an order, plan, vigie as the Vigie's standing answer) and the small words that tie
  an order line together (avec, et, sur, si, tout, suivant, soi, toujours, jamais, demande).

Each term's key is the word the order language's canonical (English) text uses for it where it
has one, so the parser maps a French word to its canonical word through the key.
"""

from __future__ import annotations

from adjudicator.games.language import Glossary, Term


def _same(key: str, en: str, fr: str, *fr_words: str, en_words: tuple[str, ...] = ()) -> Term:
    """A term whose words have no plural (an order verb, a small word of the order language)."""
    return Term(key, en=en, fr=fr, en_plural=en, fr_plural=fr, en_words=en_words, fr_words=fr_words)


GLOSSARY = Glossary(
    (
        # -- the ship, its posts and the hold ("Préparation", "Liste des Postes") -----------------
        Term("arcadie", en="Arcadie", fr="Arcadie", en_plural="Arcadie", fr_plural="Arcadie"),
        Term("ship", en="ship", fr="navire", fr_words=("bateau",)),
        Term("post", en="post", fr="poste"),
        Term("hold", en="hold", fr="fond de cale", fr_plural="fonds de cale", fr_words=("cale",)),
        Term("capitaine", en="Capitaine", fr="Capitaine", en_words=("captain", "captains")),
        Term("second", en="Second", fr="Second"),
        Term("pretre", en="Pretre", fr="Prêtre", en_words=("priest", "priests")),
        Term("vigie", en="Vigie", fr="Vigie", en_words=("lookout", "lookouts")),
        Term("cuisinier", en="Cuisinier", fr="Cuisinier", en_words=("cook",), fr_words=("Cuistot",)),
        Term("harponneur", en="Harponneur", fr="Harponneur", en_words=("harpooner",)),
        Term(
            "alti-maitre",
            en="Alti-Maitre",
            fr="Alti-Maître",
            en_words=("alti-master", "altimaitre"),
            fr_words=("Alti-Maitre",),
        ),
        Term("bosco", en="Bosco", fr="Bosco", en_words=("boatswain",)),
        Term("armurier", en="Armurier", fr="Armurier", en_words=("armourer", "armorer")),
        Term("marin", en="Marin", fr="Marin", en_words=("sailor", "sailors")),
        Term(
            "canonnier",
            en="Canonnier",
            fr="Canonnier",
            en_words=("gunner", "gunners"),
            fr_words=("Canonier",),
        ),
        # -- pieces and tracks ("Matériel", "Dégâts aux ballons", "Gain de renommée") -------------
        Term("balloon", en="balloon", fr="Ballon"),
        Term(
            "balloon-damage",
            en="balloon damage",
            fr="dégâts aux ballons",
            en_plural="balloon damage",
            fr_plural="dégâts aux ballons",
        ),
        Term("cell", en="cell", fr="case"),
        Term("kitty", en="kitty", fr="cagnotte", en_plural="kitties"),
        Term("gold", en="gold", fr="or", en_plural="gold", fr_plural="or"),
        Term("bank", en="bank", fr="banque"),
        Term("fame", en="fame", fr="renommée", en_plural="fame", fr_plural="renommée"),
        Term("fame-track", en="fame track", fr="piste de renommée", fr_plural="pistes de renommée"),
        Term(
            "pirates-minables",
            en="Pirates Minables",
            fr="Pirates Minables",
            en_plural="Pirates Minables",
            fr_plural="Pirates Minables",
        ),
        Term(
            "forbans-redoutes",
            en="Forbans Redoutes",
            fr="Forbans Redoutés",
            en_plural="Forbans Redoutes",
            fr_plural="Forbans Redoutés",
        ),
        Term(
            "legendes-des-vents",
            en="Legendes des Vents",
            fr="Légendes des Vents",
            en_plural="Legendes des Vents",
            fr_plural="Légendes des Vents",
        ),
        Term("die", en="die", fr="dé", en_plural="dice", fr_plural="dés"),
        Term("hand", en="hand", fr="main"),
        # -- the cards ("Les cartes", "Événement spécial") ----------------------------------------
        Term("clan", en="clan", fr="clan"),
        Term("card", en="card", fr="carte"),
        Term("pirate", en="pirate", fr="pirate"),
        Term("pirate-card", en="Pirate card", fr="carte Pirate", fr_plural="cartes Pirate"),
        Term("action-card", en="Action card", fr="carte Action", fr_plural="cartes Action"),
        Term(
            "exploit-card",
            en="Exploit card",
            fr="carte Exploit",
            fr_plural="cartes Exploit",
            en_words=("Exploit", "Exploits"),
        ),
        Term("bagarre-card", en="Bagarre card", fr="carte Bagarre", fr_plural="cartes Bagarre"),
        Term(
            "mission",
            en="Secret Mission",
            fr="Mission Secrète",
            fr_plural="Missions Secrètes",
            en_words=("mission", "missions"),
        ),
        Term("event", en="Event", fr="Événement", fr_words=("Évènement", "Évènements")),
        Term(
            "chasse-au-dragon",
            en="Chasse au Dragon",
            fr="Chasse au Dragon",
            en_plural="Chasse au Dragon",
            fr_plural="Chasse au Dragon",
        ),
        Term(
            "ile-sauvage",
            en="Ile Sauvage",
            fr="Île Sauvage",
            en_plural="Ile Sauvage",
            fr_plural="Île Sauvage",
        ),
        Term("tempete", en="Tempete", fr="Tempête", en_plural="Tempete", fr_plural="Tempête"),
        # -- phases and moments ("Déroulement général", "Mutinerie", "La taverne") ----------------
        Term("expedition", en="Expedition", fr="Expédition"),
        Term(
            "adventure",
            en="Aventure Aerienne",
            fr="Aventure Aérienne",
            en_plural="Aventure Aerienne",
            fr_plural="Aventures Aériennes",
        ),
        Term("taverne", en="Taverne", fr="Taverne", en_words=("tavern", "taverns")),
        Term(
            "action-draw",
            en="Action draw",
            fr="tirage de cartes Action",
            fr_plural="tirages de cartes Action",
        ),
        Term("recruitment", en="recruitment", fr="recrutement"),
        Term("election", en="election", fr="élection"),
        Term("boarding", en="boarding", fr="embarquement"),
        Term(
            "kitty-share",
            en="sharing of the kitty",
            fr="partage de la cagnotte",
            en_plural="sharings of the kitty",
            fr_plural="partages de la cagnotte",
        ),
        Term("brawl", en="brawl", fr="bagarre"),
        Term("mutiny", en="mutiny", fr="mutinerie", en_plural="mutinies"),
        Term("decision", en="decision", fr="décision"),
        Term("mutineer", en="mutineer", fr="mutin"),
        Term(
            "leader",
            en="leader of the mutineers",
            fr="chef des mutins",
            en_plural="leaders of the mutineers",
            fr_plural="chefs des mutins",
        ),
        Term("ghost", en="ghost", fr="fantôme"),
        Term("stand-in", en="stand-in", fr="remplaçant"),
        Term("winner", en="winner", fr="vainqueur"),
        # -- skills and results ("Les cartes Pirate", "Réussite", "Échec") ------------------------
        Term("skill", en="skill", fr="compétence"),
        _same("navigation", "navigation", "Navigation"),
        _same("combat", "combat", "Combat"),
        _same("bagou", "bagou", "Bagou"),
        _same("total", "total", "total"),
        Term("threshold", en="threshold", fr="seuil de réussite", fr_plural="seuils de réussite"),
        Term("success", en="success", fr="réussite", en_plural="successes"),
        Term("failure", en="failure", fr="échec"),
        # -- order verbs (each key is the canonical verb but posts, lookout) ----------------------
        _same("pass", "pass", "passe", "passer"),
        Term("discard", en="discard", fr="défausse", fr_words=("défausser",)),
        _same("release", "release", "renvoie", "renvoyer", "libère", "libérer"),
        _same("keep", "keep", "conserve", "conserver", "garde", "garder"),
        _same("recruit", "recruit", "recrute", "recruter"),
        Term("candidate", en="candidate", fr="candidat"),
        _same("play", "play", "joue", "jouer"),
        _same("hinder", "hinder", "gêne", "gêner"),
        _same("help", "help", "aide", "aider"),
        Term("power", en="power", fr="pouvoir"),
        Term("test", en="test", fr="teste", fr_plural="tests", fr_words=("tester",)),
        _same("repair", "repair", "répare", "réparer", "réparation"),
        Term("accident", en="accident", fr="accident"),
        _same("reveal", "reveal", "révèle", "révéler"),
        _same("refuse", "refuse", "refuse", "refuser"),
        _same("continue", "continue", "continue", "continuer"),
        _same("return", "return", "rentre", "rentrer", "retour"),
        _same("swap", "swap", "échange", "échanger"),
        Term("order", en="order", fr="embarque", fr_plural="embarque", fr_words=("embarquer", "ordre")),
        _same("gift", "gift", "donne", "donner", "don"),
        _same("repair-roll", "repair roll", "jet de réparation"),
        _same("sacrifice", "sacrifice", "sacrifie", "sacrifier"),
        _same("condemn", "condemn", "condamne", "condamner"),
        _same("side", "side", "camp"),
        _same("plan", "plan", "plan"),
        _same("no-mutiny", "no mutiny", "pas de mutinerie", "aucune mutinerie"),
        # -- the small words of the order language -------------------------------------------------
        _same("with", "with", "avec"),
        _same("and", "and", "et"),
        _same("on", "on", "sur"),
        _same("if", "if", "si"),
        _same("all", "all", "tout", "tous", "toutes"),
        _same("next", "next", "suivant", "prochain"),
        _same("self", "self", "soi", "moi"),
        _same("always", "always", "toujours"),
        _same("never", "never", "jamais"),
        _same("ask", "ask", "demande", "demander"),
        _same("above", "above", "au-dessus de"),
        _same("up-to-cell", "up to cell", "jusqu'à la case", "jusqu'à case"),
        _same("at-balloon", "at balloon", "au ballon"),
        _same("or-after", "or after", "ou après"),
    )
)

#: The canonical verb of each verb term whose key is not the verb itself.
VERB_OF_TERM = {"post": "posts", "vigie": "lookout"}
