"""Planet Masters' words in English and in French, as the rule book writes them.

The rule book (``shared/rules/003_77f0e8b08b0d0e02.txt``) is a French translation; each French word
below is the book's, from the section named beside it:

* the dice and templates: "Matériel", "Description des templates" (dé, dé noir / blanc / rouge,
  Planète mère, Planète neutre, Armes, Trait racial, Épuisé, Ressource, Influence, Infanterie,
  Croiseur, Cuirassé, Station Orbitale, Transporteur, Défense planétaire, Chasseurs);
* the power of a fleet: "Explication templates" (Pouvoir Total, flotte), "Règle de la maintenance
  de la flotte" in "Phase de Construction";
* the races and traits: "Races et traits spécifiques" (race, Infanterie Éclair, Chasseurs Experts);
* the turn: "Déroutement d'un tour" (tour, phase de Construction, de Management, de Conquête/Vote;
  Construire, Reconstruire, relancer), "La Conquête" (attaquer, bataille, attaquant, défenseur,
  Immunité, annuler l'attaque, Invasion, Destruction, Pression Diplomatique), "Le Vote" (vote,
  pour, contre, joueur);
* the options: "Règles optionnelles" (the expansions *Stars of Hope* and *Shattered Throne*, as
  the book names them), "Les Technologies" (Technologie and the six technologies, the book's
  "Défecteur Sonique" spelling kept beside "déflecteur"), "La politique" (Politique and its six
  acts), "Exploration" (Secteurs Inconnus, Deep Space and their faces);
* the end: "Conditions de victoire" (victoire, galaxie, planète).

The book has no word for a round of turns (it calls one player's turn a "tour"): ``manche`` is the
club's word. The order words the book has no verb for are French verbs for the same action
(``dévier`` for the Sonic Deflector, ``accepter`` for letting an attack go ahead, ``si``, ``et``,
``alors``, ``est``, ``n'est pas``, ``tous`` in conditions, ``si victoire`` for ``on win``).

``Term.en`` is the word of the English order language (the canonical text's word, hyphenated where
the order language hyphenates it); the French words of a term are read by the order parser as that
English word (:func:`order_words`), so a French order parses to the same canonical (English) text.
"""

from __future__ import annotations

from functools import cache

from adjudicator.games.language import Glossary, Term, fold

GLOSSARY = Glossary(
    (
        # -- the material ---------------------------------------------------------------------
        Term("die", en="die", fr="dé", en_plural="dice", fr_plural="dés"),
        Term("template", en="template", fr="template"),
        Term("player", en="player", fr="joueur"),
        Term("race", en="race", fr="race"),
        Term(
            "home",
            en="home",
            fr="planète mère",
            en_plural="homes",
            fr_plural="planètes mères",
            en_words=("home planet", "home-planet"),
            fr_words=("mère", "planète-mère"),
        ),
        Term(
            "neutral-planet",
            en="neutral planet",
            fr="planète neutre",
            fr_plural="planètes neutres",
            en_words=("neutral-planet",),
            fr_words=("planète-neutre",),
        ),
        Term("planet", en="planet", fr="planète"),
        Term("weapon", en="weapon", fr="arme"),
        Term("galaxy", en="galaxy", fr="galaxie", en_plural="galaxies"),
        Term("fleet", en="fleet", fr="flotte"),
        Term(
            "fleet-maintenance",
            en="fleet maintenance",
            fr="maintenance de la flotte",
            en_plural="fleet maintenance",
            fr_plural="maintenance de la flotte",
        ),
        Term(
            "power",
            en="power",
            fr="Pouvoir Total",
            en_plural="power",
            fr_plural="Pouvoir Total",
            en_words=("total power", "total-power"),
            fr_words=("pouvoir", "puissance", "pouvoir-total"),
        ),
        # -- the faces of the planets (white and black dice) ------------------------------------
        Term(
            "trait",
            en="trait",
            fr="Trait racial",
            fr_plural="Traits raciaux",
            en_words=("racial trait", "racial-trait"),
            fr_words=("trait", "trait-racial"),
        ),
        Term("exhausted", en="exhausted", fr="Épuisé", en_plural="exhausted", fr_plural="Épuisés"),
        Term("resource", en="resource", fr="Ressource"),
        Term("influence", en="influence", fr="Influence", en_plural="influence", fr_plural="Influence"),
        Term("infantry", en="infantry", fr="Infanterie", en_plural="infantry", fr_plural="Infanteries"),
        # -- the weapons (red dice) ---------------------------------------------------------------
        Term("cruiser", en="cruiser", fr="Croiseur"),
        Term("battleship", en="battleship", fr="Cuirassé"),
        Term(
            "station",
            en="station",
            fr="Station Orbitale",
            fr_plural="Stations Orbitales",
            en_words=("orbital-station", "orbital station"),
            fr_words=("station", "stations", "station-orbitale"),
        ),
        Term("transporter", en="transporter", fr="Transporteur"),
        Term(
            "defence",
            en="defence",
            fr="Défense planétaire",
            fr_plural="Défenses planétaires",
            en_words=("defense", "planetary-defence", "planetary defence", "defences"),
            fr_words=("défense", "défenses", "défense-planétaire"),
        ),
        Term(
            "fighters",
            en="fighter",
            fr="Chasseur",
            en_plural="fighters",
            fr_plural="Chasseurs",
        ),
        # -- the races' traits ----------------------------------------------------------------------
        Term(
            "lightning-infantry",
            en="Lightning Infantry",
            fr="Infanterie Éclair",
            en_plural="Lightning Infantry",
            fr_plural="Infanterie Éclair",
        ),
        Term(
            "expert-fighters",
            en="Expert Fighters",
            fr="Chasseurs Experts",
            en_plural="Expert Fighters",
            fr_plural="Chasseurs Experts",
        ),
        # -- the turn: phases, order verbs, battles -------------------------------------------------
        Term("round", en="round", fr="manche"),
        Term("turn", en="turn", fr="tour", en_plural="turns", fr_plural="tours"),
        Term("phase", en="phase", fr="phase"),
        Term("construction", en="Construction", fr="Construction"),
        Term("management", en="Management", fr="Management"),
        Term("conquest", en="Conquest", fr="Conquête"),
        Term("vote", en="vote", fr="vote", fr_words=("voter",)),
        Term("build", en="build", fr="construire", en_plural="build", fr_plural="construire"),
        Term(
            "rebuild",
            en="rebuild",
            fr="reconstruire",
            en_plural="rebuild",
            fr_plural="reconstruire",
            fr_words=("re-construire",),
        ),
        Term(
            "tech",
            en="tech",
            fr="Technologie",
            en_plural="technologies",
            fr_plural="Technologies",
            en_words=("technology",),
            fr_words=("techno",),
        ),
        Term("reroll", en="reroll", fr="relancer", en_plural="reroll", fr_plural="relancer"),
        Term(
            "attack",
            en="attack",
            fr="attaquer",
            en_plural="attacks",
            fr_plural="attaques",
            fr_words=("attaque",),
        ),
        Term("politics", en="politics", fr="Politique", en_plural="politics", fr_plural="Politique"),
        Term(
            "deflect",
            en="deflect",
            fr="dévier",
            en_plural="deflect",
            fr_plural="dévier",
            fr_words=("défléchir",),
        ),
        Term("sacrifice", en="sacrifice", fr="sacrifier", fr_words=("sacrifice",)),
        Term("battle", en="battle", fr="bataille"),
        Term("attacker", en="attacker", fr="attaquant"),
        Term("defender", en="defender", fr="défenseur"),
        Term("immunity", en="Immunity", fr="Immunité", en_plural="Immunity", fr_plural="Immunité"),
        Term(
            "on-win",
            en="on win",
            fr="si victoire",
            en_plural="on win",
            fr_plural="si victoire",
            fr_words=("en cas de victoire",),
        ),
        Term(
            "invade",
            en="invade",
            fr="Invasion",
            en_plural="invade",
            fr_plural="Invasions",
            en_words=("invasion",),
            fr_words=("envahir",),
        ),
        Term(
            "destroy",
            en="destroy",
            fr="Destruction",
            en_plural="destroy",
            fr_plural="Destructions",
            en_words=("destruction",),
            fr_words=("détruire",),
        ),
        Term(
            "pressure",
            en="pressure",
            fr="Pression Diplomatique",
            en_plural="pressure",
            fr_plural="Pressions Diplomatiques",
            en_words=("diplomatic pressure", "diplomatic-pressure"),
            fr_words=("pression", "pression-diplomatique"),
        ),
        # -- answers to the sealed requests ---------------------------------------------------------
        Term(
            "for",
            en="for",
            fr="pour",
            en_plural="for",
            fr_plural="pour",
            en_words=("yes",),
            fr_words=("oui",),
        ),
        Term(
            "against",
            en="against",
            fr="contre",
            en_plural="against",
            fr_plural="contre",
            en_words=("no",),
            fr_words=("non",),
        ),
        Term("cancel", en="cancel", fr="annuler", en_plural="cancel", fr_plural="annuler"),
        Term(
            "allow",
            en="allow",
            fr="accepter",
            en_plural="allow",
            fr_plural="accepter",
            en_words=("accept",),
            fr_words=("autoriser",),
        ),
        # -- the words of conditions ----------------------------------------------------------------
        Term("if", en="if", fr="si", en_plural="if", fr_plural="si"),
        Term("and", en="and", fr="et", en_plural="and", fr_plural="et"),
        Term("then", en="then", fr="alors", en_plural="then", fr_plural="alors"),
        Term("is", en="is", fr="est", en_plural="is", fr_plural="est"),
        Term(
            "is-not",
            en="is not",
            fr="n'est pas",
            en_plural="is not",
            fr_plural="n'est pas",
            en_words=("is-not",),
            fr_words=("est pas", "n'est-pas"),
        ),
        Term(
            "all",
            en="all",
            fr="tous",
            en_plural="all",
            fr_plural="tous",
            fr_words=("toutes", "tout", "toute"),
        ),
        # -- the options ------------------------------------------------------------------------------
        Term(
            "stars-of-hope",
            en="Stars of Hope",
            fr="Stars of Hope",
            en_plural="Stars of Hope",
            fr_plural="Stars of Hope",
        ),
        Term(
            "shattered-throne",
            en="Shattered Throne",
            fr="Shattered Throne",
            en_plural="Shattered Throne",
            fr_plural="Shattered Throne",
        ),
        Term("exploration", en="Exploration", fr="Exploration"),
        Term(
            "unknown-sectors",
            en="Unknown Sectors",
            fr="Secteurs Inconnus",
            en_plural="Unknown Sectors",
            fr_plural="Secteurs Inconnus",
        ),
        Term(
            "deep-space",
            en="Deep Space",
            fr="Deep Space",
            en_plural="Deep Space",
            fr_plural="Deep Space",
        ),
        # -- the technologies (blue die) ----------------------------------------------------------
        Term(
            "advanced-fighters",
            en="advanced-fighters",
            fr="Chasseurs Avancés",
            en_plural="advanced-fighters",
            fr_plural="Chasseurs Avancés",
            en_words=("advanced fighters",),
            fr_words=("chasseurs-avancés",),
        ),
        Term(
            "terraforming",
            en="terraforming",
            fr="Terraformation",
            en_plural="terraforming",
            fr_plural="Terraformation",
        ),
        Term(
            "assault-cannon",
            en="assault-cannon",
            fr="Canon d'assaut",
            en_plural="assault-cannon",
            fr_plural="Canons d'assaut",
            en_words=("assault cannon",),
            fr_words=("canon-d'assaut",),
        ),
        Term(
            "long-range-cannon",
            en="long-range-cannon",
            fr="Canon Longue Portée",
            en_plural="long-range-cannon",
            fr_plural="Canons Longue Portée",
            en_words=("long range cannon",),
            fr_words=("canon-longue-portée",),
        ),
        Term(
            "stasis-chambers",
            en="stasis-chambers",
            fr="Chambres de Stases",
            en_plural="stasis-chambers",
            fr_plural="Chambres de Stases",
            en_words=("stasis chambers",),
            fr_words=("chambres-de-stases", "chambres de stase"),
        ),
        Term(
            "sonic-deflector",
            en="sonic-deflector",
            fr="Défecteur Sonique",
            en_plural="sonic-deflector",
            fr_plural="Défecteurs Soniques",
            en_words=("sonic deflector",),
            fr_words=("déflecteur sonique", "défecteur-sonique", "déflecteur-sonique"),
        ),
        # -- the acts of politics (the one shared die) ------------------------------------------------
        Term(
            "ceasefire", en="ceasefire", fr="Cessez-le-feu", en_plural="ceasefire", fr_plural="Cessez-le-feu"
        ),
        Term(
            "council-censure",
            en="council censure",
            fr="Censure du Conseil",
            en_plural="council censure",
            fr_plural="Censure du Conseil",
        ),
        Term(
            "fleet-regulations",
            en="fleet regulations",
            fr="Régulations des Flottes",
            en_plural="fleet regulations",
            fr_plural="Régulations des Flottes",
        ),
        Term(
            "planetary-conscription",
            en="planetary conscription",
            fr="Conscription Planétaire",
            en_plural="planetary conscription",
            fr_plural="Conscription Planétaire",
        ),
        Term(
            "ship-tax",
            en="ship tax",
            fr="Taxe sur les vaisseaux",
            en_plural="ship tax",
            fr_plural="Taxe sur les vaisseaux",
        ),
        Term(
            "martial-politics",
            en="martial politics",
            fr="Politique Martiale",
            en_plural="martial politics",
            fr_plural="Politique Martiale",
        ),
        # -- Unknown Sectors ----------------------------------------------------------------------------
        Term(
            "empty-space",
            en="empty space",
            fr="Espace Vide",
            en_plural="empty space",
            fr_plural="Espace Vide",
        ),
        Term("wormhole", en="wormhole", fr="Trou de Ver", fr_plural="Trous de Ver"),
        Term("asteroids", en="asteroids", fr="Astéroïdes", en_plural="asteroids", fr_plural="Astéroïdes"),
        Term("nebula", en="nebula", fr="Nébuleuse", en_plural="nebulae"),
        Term("supernova", en="supernova", fr="SuperNova"),
        Term(
            "electromagnetic-storm",
            en="electromagnetic storm",
            fr="Tempête Électro-magnétique",
            en_plural="electromagnetic storms",
            fr_plural="Tempêtes Électro-magnétiques",
        ),
        # -- Deep Space -----------------------------------------------------------------------------------
        Term(
            "peaceful-annexation",
            en="peaceful annexation",
            fr="Annexe Paisible",
            en_plural="peaceful annexation",
            fr_plural="Annexe Paisible",
        ),
        Term(
            "developed-society",
            en="developed society",
            fr="Société développée",
            en_plural="developed societies",
            fr_plural="Sociétés développées",
        ),
        Term("radiation", en="radiation", fr="Radiation"),
        Term(
            "the-ancients",
            en="the ancients",
            fr="Les Anciens",
            en_plural="the ancients",
            fr_plural="Les Anciens",
        ),
        Term("colonists", en="colonists", fr="Colons", en_plural="colonists", fr_plural="Colons"),
        Term(
            "industrial-society",
            en="industrial society",
            fr="Société Industrielle",
            en_plural="industrial societies",
            fr_plural="Sociétés Industrielles",
        ),
        # -- the end ---------------------------------------------------------------------------------------
        Term("victory", en="victory", fr="victoire", en_plural="victories"),
    )
)

#: Terms named by the tables' English names (``data/tables.toml``), for the reports.
TABLE_NAME: dict[str, str] = {
    "advanced fighters": "advanced-fighters",
    "assault cannon": "assault-cannon",
    "long range cannon": "long-range-cannon",
    "stasis chambers": "stasis-chambers",
    "sonic deflector": "sonic-deflector",
    "the ancients": "the-ancients",
}


def key_of_name(name: str) -> str | None:
    """The glossary term of a table's English name (``station``, ``sonic deflector``), or ``None``."""
    return TABLE_NAME.get(name) or GLOSSARY.key(name)


@cache
def order_words() -> dict[tuple[str, ...], tuple[str, ...]]:
    """Each French word or phrase of the glossary (folded, split in tokens) -> the English order tokens.

    The singular reads as the English singular and the plural as the English plural (``armes`` is
    the ``weapons`` count, ``arme`` the last weapon rolled); the further words read as the singular.
    """
    found: dict[tuple[str, ...], tuple[str, ...]] = {}
    for term in GLOSSARY.terms:
        singular = tuple(term.en.split())
        plural = tuple(term.name("en", 2).split())
        pairs = [(term.fr, singular), (term.name("fr", 2), plural), *((w, singular) for w in term.fr_words)]
        for word, english in pairs:
            said = tuple(fold(word.replace("\u2019", "'")).split())
            if said and said != english:
                found.setdefault(said, english)
    return found
