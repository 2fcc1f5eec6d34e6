"""The table: the view that plays a session, its board of card sprites, the top bar and buttons
(hud), effects and animation, its geometry and partial redraws, and its input mapping."""
